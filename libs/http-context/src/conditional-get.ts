import { createHash } from 'node:crypto';

/**
 * A strong entity tag of a representation's bytes (RFC 9110 8.8.3): the same bytes always give
 * the same tag, on every replica, and any change of a byte gives another. 132 bits of SHA-256.
 */
export function strongEtagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The opaque part of an entity tag, without `W/` and the quotes; undefined when it is not one. */
function opaqueTagOf(etag: string): string | undefined {
  const match = /^(?:W\/)?"([^"]*)"$/.exec(etag);
  return match?.[1];
}

/**
 * Whether `If-None-Match` matches the current representation's entity tag (RFC 9110 13.1.2):
 * `*` matches any current representation; a list matches when one of its tags equals `etag` by
 * the weak comparison (`W/"x"` matches `"x"`). Duplicate header lines arrive joined by commas.
 * Members that are not entity tags are skipped, so a malformed header never answers a 304.
 * Linear in the header's length.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const current = opaqueTagOf(etag);
  if (current === undefined) return false;
  // An opaque tag may hold commas (etagc is %x21 / %x23-7E), so the list is read tag by tag.
  let position = 0;
  while (position < value.length) {
    const start = value.indexOf('"', position);
    if (start < 0) return false;
    const end = value.indexOf('"', start + 1);
    if (end < 0) return false;
    const prefix = value.slice(position, start).replace(/^[\s,]*/, '');
    if ((prefix === '' || prefix === 'W/') && value.slice(start + 1, end) === current) return true;
    position = end + 1;
  }
  return false;
}
