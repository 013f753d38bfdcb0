/*
 * The headers a rendered document is answered with, beside its Content-Type and
 * Content-Disposition: set by the controller, documented by render.openapi.ts.
 */

/** Names the template (and version) that produced the document; for txt it is the only record. */
export const TEMPLATE_HEADER = 'X-Render-Template';

/** What the document could not honour of its template (CSS a pdf cannot draw); absent when nothing. */
export const WARNINGS_HEADER = 'X-Render-Warnings';
