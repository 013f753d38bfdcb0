/**
 * Contract 5: a problem's `detail` (and its `errors`) shows at most this many characters of what
 * the caller sent. Every message that repeats the caller's input quotes it through this file.
 */
export const MAX_ECHOED_INPUT = 200;

/** The first half of a UTF-16 surrogate pair: text cut after it leaves half a character. */
export const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** The first `limit` characters of `text`, never ending on the first half of a surrogate pair. */
function head(text: string, limit: number): string {
  const end = isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, Math.max(0, end));
}

/**
 * Caller input as a problem shows it where quotes would not read well (a path built of the
 * caller's names): whole up to `limit` characters, else `aaaa… (the first 200 of 512000 characters)`.
 */
export function echoInput(text: string, limit = MAX_ECHOED_INPUT): string {
  return listInputs([text], limit);
}

/**
 * Caller input as a problem shows it, in quotes: whole up to `limit` characters, else its first
 * `limit` and how many it has: `'aaaa…' (the first 200 of 512000 characters)`.
 */
export function quoteInput(text: string, limit = MAX_ECHOED_INPUT): string {
  if (text.length <= limit) return `'${text}'`;
  const shown = head(text, limit);
  return `'${shown}…' (the first ${shown.length} of ${text.length} characters)`;
}

/** Any value the caller sent, quoted as above: text as it is, anything else as its JSON. */
export function quoteValue(value: unknown, limit = MAX_ECHOED_INPUT): string {
  return quoteInput(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), limit);
}

/**
 * Several inputs (unknown names, say), quoted and comma-separated while they fit in `limit`
 * characters together, the rest counted: `'a', 'b' and 3 more`. A first input longer than the
 * limit is cut as quoteInput cuts it.
 */
export function quoteInputs(texts: readonly string[], limit = MAX_ECHOED_INPUT): string {
  return listed(texts, limit, (text) => `'${text}'`);
}

/** As quoteInputs, without the quotes: for names that read as they are (`recipient.name, date`). */
export function listInputs(texts: readonly string[], limit = MAX_ECHOED_INPUT): string {
  return listed(texts, limit, (text) => text);
}

function listed(texts: readonly string[], limit: number, show: (text: string) => string): string {
  const shown: string[] = [];
  let used = 0;
  for (const text of texts) {
    if (used + text.length > limit) break;
    shown.push(show(text));
    used += text.length;
  }
  if (shown.length === 0 && texts.length > 0) {
    const cut = head(texts[0], limit);
    shown.push(`${show(`${cut}…`)} (the first ${cut.length} of ${texts[0].length} characters)`);
  }
  const rest = texts.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
