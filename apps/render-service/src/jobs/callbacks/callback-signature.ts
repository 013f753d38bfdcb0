import { createHmac } from 'node:crypto';

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
