/** An object that is not an array (nor null): what a JSON object parses to, its members by name. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
