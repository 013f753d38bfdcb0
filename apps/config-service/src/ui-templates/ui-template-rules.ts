import { pathSegmentNameProblem, plainTextProblem } from '@portal/http-context';
import { echoInput, quoteInput } from '@portal/problem-details';

/**
 * The rules of a template's name and of a logo's source (contract 7). Each function says why a
 * value breaks the rule, as the end of a sentence that begins with the property, or returns
 * undefined. The DTOs and the path parameter pipe apply them, so a body and a path agree.
 */

export const UI_TEMPLATE_NAME_LENGTH = { min: 1, max: 100 } as const;
export const LOGO_SOURCE_LENGTH = { min: 1, max: 2048 } as const;

/**
 * A name is any text of 1..100 characters without control characters. It is addressed
 * URL-encoded in paths (`encodeURIComponent`), so `Kanton Zürich`, `a/b` (as `a%2Fb`), `100%`
 * and emoji round-trip. Only `.` and `..` cannot: URL clients resolve them as dot segments
 * (also when written `%2E`), so such a template could never be read, updated or deleted.
 */
export const uiTemplateNameProblem = (name: string): string | undefined =>
  pathSegmentNameProblem(name, UI_TEMPLATE_NAME_LENGTH.min, UI_TEMPLATE_NAME_LENGTH.max);

const IMAGE_TYPES = ['png', 'jpeg', 'webp', 'svg+xml'] as const;
const ALLOWED_SOURCES = `an http(s) URL, a data:image/(${IMAGE_TYPES.join('|')}) URI or a relative path`;
/** `scheme:` at the start, as a browser reads it (RFC 3986 3.1). */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** RFC 2045 token characters, for the parameters of a data URI's media type. */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
/** `data:image/<type>[;param[=value]]*[;base64],<payload>` (RFC 2397); `;base64` comes last. */
const DATA_URI = new RegExp(
  `^data:image/(${IMAGE_TYPES.map((type) => type.replace('+', '\\+')).join('|')})` +
    `((?:;(?!base64[;,])${TOKEN}(?:=${TOKEN})?)*)(;base64)?,([\\s\\S]*)$`,
  'i',
);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A logo's `source`: 1..2048 characters without control characters, and one of
 * - an absolute http(s) URL with a host and no credentials;
 * - a `data:` URI of a png, jpeg, webp or svg+xml image (base64 payloads must be valid base64);
 * - a relative path (`logo.svg`, `assets/img/logo.png`, `/static/logo.png`, `../logo.png`).
 * Refused: every other scheme (`javascript:` in any case, `file:`, `data:text/html`, ...),
 * leading or trailing whitespace (browsers strip it, so ` javascript:` would be a script),
 * backslashes (browsers read them as `/`, so `/\host` leaves the site), and `//host/...`.
 * A protocol-relative `//host/logo.png` reads like a path but loads from any host, over plain
 * http on an http page: who means another host writes its https URL, where it is visible.
 */
export function logoSourceProblem(source: string): string | undefined {
  const text = plainTextProblem(source, LOGO_SOURCE_LENGTH.min, LOGO_SOURCE_LENGTH.max);
  if (text) return text;
  if (/^\s|\s$/.test(source)) return 'must not begin or end with whitespace';
  const scheme = SCHEME.exec(source)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return httpUrlProblem(source);
  if (scheme === 'data') return dataUriProblem(source);
  if (scheme !== undefined)
    return `must not use the scheme ${quoteInput(`${scheme}:`)}; it must be ${ALLOWED_SOURCES}`;
  return relativePathProblem(source);
}

function httpUrlProblem(source: string): string | undefined {
  if (!/^https?:\/\//i.test(source)) return 'must be an absolute http(s) URL such as https://host/logo.svg';
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return 'must be a valid http(s) URL such as https://host/logo.svg';
  }
  if (url.hostname === '') return 'must be an http(s) URL with a host';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials (user:password@)';
  return undefined;
}

function dataUriProblem(source: string): string | undefined {
  const match = DATA_URI.exec(source);
  if (!match) {
    const mediaType = /^data:([^;,]*)/i.exec(source)?.[1] || 'none';
    return `must be a data URI of an image, data:image/(${IMAGE_TYPES.join('|')})[;base64],<data> (media type: ${echoInput(mediaType)})`;
  }
  const [, , , base64, payload] = match;
  if (payload === '') return 'must hold data after the comma of its data URI';
  if (base64 && (!BASE64.test(payload) || payload.length % 4 !== 0))
    return 'must hold valid base64 after ;base64, (A-Z a-z 0-9 + / and = padding, a multiple of 4 characters)';
  return undefined;
}

function relativePathProblem(source: string): string | undefined {
  if (source.includes('\\')) return "must not contain '\\': browsers read it as '/'";
  if (source.startsWith('//'))
    return 'must not start with //: that is another host (a protocol-relative URL); write its https:// URL';
  if (source.startsWith('?') || source.startsWith('#'))
    return `must be a path to an image; it must be ${ALLOWED_SOURCES}`;
  return undefined;
}
