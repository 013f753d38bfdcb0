/**
 * The most JSON values a render's data may hold, sent as JSON text or as the value itself (and so
 * a render-service body): data for a long report (600 rows are some 6,000 values) fits many times
 * over, and 200,000 values take at most 13 MiB of the main thread's 256 MiB heap once parsed
 * (PARSED_BYTES_PER_ELEMENT each), which MAX_BODY_BYTES_IN_FLIGHT counts.
 */
export const RENDER_DATA_MAX_ELEMENTS = 200_000;

/** rendererOptions: a dozen options, a watermark and document information. */
export const RENDERER_OPTIONS_MAX_ELEMENTS = 1_000;
