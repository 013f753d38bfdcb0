/* What the UI template routes answer in headers: set by the controllers, documented by their `*.openapi.ts`. */

/** Lists the palette's pairs below WCAG 2.2 AA of a saved template (CONFIG_CONTRAST_POLICY=warn). */
export const CONFIG_WARNINGS_HEADER = 'X-Config-Warnings';

/** Five minutes: a changed palette reaches every login page within that, without a request per view. */
export const BRANDING_CACHE_CONTROL = 'public, max-age=300';
