import { createHmac } from 'node:crypto';

/** A symmetric key as Standard Webhooks writes it: `whsec_` and the key in base64... */
export const CALLBACK_SECRET_PREFIX = 'whsec_';
/** ...of 24 to 64 bytes (192 to 512 bits). */
export const CALLBACK_KEY_BYTES = { min: 24, max: 64 } as const;

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * `webhook-id`. Standard Webhooks signs `<id>.<timestamp>.<body>`: an id with a full stop could
 * pass for another id and timestamp, so it has none.
 */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A W3C `traceparent` of version 00 (Trace Context level 1): a trace id of 32 and a parent id of
 * 16 lower-case hex digits, neither all zeros, and the flags.
 */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The key of a `whsec_` secret, or undefined when the text is not one (RENDER_CALLBACK_SECRET's check). */
export function callbackKeyOf(secret: string): Buffer | undefined {
  if (!secret.startsWith(CALLBACK_SECRET_PREFIX)) return undefined;
  const base64 = secret.slice(CALLBACK_SECRET_PREFIX.length);
  if (!CANONICAL_BASE64.test(base64)) return undefined;
  const key = Buffer.from(base64, 'base64');
  return key.byteLength >= CALLBACK_KEY_BYTES.min && key.byteLength <= CALLBACK_KEY_BYTES.max
    ? key
    : undefined;
}

/** Whether an id can be a callback's `webhook-id`: 1 to 128 letters, digits, `_` or `-`. */
export const isCallbackMessageId = (id: string): boolean => MESSAGE_ID.test(id);

export const isTraceparent = (value: string): boolean => TRACEPARENT.test(value);

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the message's, the same on every
 * attempt), `webhook-timestamp` (this attempt's, in whole seconds) and `webhook-signature`, `v1,`
 * and the base64 HMAC-SHA256 under the key of `<id>.<timestamp>.<body>`, the body as sent.
 */
export function signedHeaders(
  key: Buffer,
  messageId: string,
  timestampSeconds: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  if (!isCallbackMessageId(messageId))
    throw new RangeError('a callback message id is 1 to 128 letters, digits, _ or -');
  const timestamp = String(Math.floor(timestampSeconds));
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
