import type { IncomingMessage } from 'node:http';

import {
  OutboundFailure,
  type OutboundTestSeams,
  readAtMost,
  requestPublicHttps,
} from '../../outbound/public-https';
import { callbackKeyOf } from '../../render-environment';
import { isTraceparent, signedHeaders } from './callback-signature';
import { callbackUrlProblem } from './callback-url';

/**
 * One attempt, from the name's resolution to the last byte of the answer read: a receiver that
 * has not answered by then is tried again later. Standard Webhooks recommends 15 to 30 s.
 */
export const CALLBACK_TIMEOUT_MS = 15_000;
/** Of an answer, at most this much is read (and dropped) before the connection is closed. */
export const CALLBACK_ANSWER_MAX_BYTES = 64 * 1024;
export const CALLBACK_USER_AGENT = 'portal-render-service (render job callbacks)';

/** One callback, the same on every attempt. */
export interface CallbackMessage {
  /** `webhook-id`, by which a receiver drops a repeat: 1 to 128 letters, digits, `_` or `-`. */
  readonly id: string;
  /** The job's `callbackUrl`, checked again at every attempt (the hosts may have changed since). */
  readonly url: string;
  /** JSON text, sent and signed as it is. */
  readonly body: string;
  /** The W3C `traceparent` of the job's creation: sent when it is a well-formed one, else left out. */
  readonly traceparent?: string;
}

export interface CallbackDeliveryOptions extends OutboundTestSeams {
  /** RENDER_CALLBACK_HOSTS */
  readonly hosts: readonly string[];
  /** RENDER_CALLBACK_SECRET (`whsec_...`) */
  readonly secret: string;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/**
 * What came of one attempt, with a short reason for the job's record (never the receiver's
 * body): `delivered` (a 2xx), `retry` (a 429, a 5xx, no answer in time, a name that does not
 * resolve, a failed connection; `retryAfterSeconds` when the receiver said), or `rejected` (a
 * 3xx, since redirects are not followed, another 4xx, or a URL or address refused): never tried
 * again.
 */
export type CallbackOutcome =
  | { readonly kind: 'delivered'; readonly status: number; readonly reason: string }
  | {
      readonly kind: 'retry';
      readonly status?: number;
      readonly retryAfterSeconds?: number;
      readonly reason: string;
    }
  | { readonly kind: 'rejected'; readonly status?: number; readonly reason: string };

/**
 * POSTs a callback to its URL, signed as Standard Webhooks sign, over requestPublicHttps (an
 * allowed host on a public address, no redirect followed), within CALLBACK_TIMEOUT_MS. Throws only
 * on a caller's mistake (a message id or secret that cannot be one).
 */
export async function deliverCallback(
  message: CallbackMessage,
  options: CallbackDeliveryOptions,
): Promise<CallbackOutcome> {
  const key = callbackKeyOf(options.secret);
  if (!key) throw new RangeError('a callback secret is whsec_ and a key of 24 to 64 bytes in base64');
  const now = options.now ?? Date.now;
  const headers = {
    'content-type': 'application/json',
    'user-agent': CALLBACK_USER_AGENT,
    ...signedHeaders(key, message.id, now() / 1000, message.body),
    ...(message.traceparent !== undefined && isTraceparent(message.traceparent)
      ? { traceparent: message.traceparent }
      : {}),
  };
  const problem = callbackUrlProblem(message.url, options.hosts);
  if (problem) return { kind: 'rejected', reason: `callbackUrl ${problem}` };
  const url = new URL(message.url);
  const timeoutMs = options.timeoutMs ?? CALLBACK_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  let response: IncomingMessage;
  try {
    response = await requestPublicHttps(
      url,
      { method: 'POST', headers, body: message.body, deadline },
      options,
    );
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
    switch (error.kind) {
      case 'timeout':
        return { kind: 'retry', reason: `no answer within ${timeoutMs} ms` };
      case 'unresolved':
        return { kind: 'retry', reason: `${url.host} does not resolve (${error.detail ?? 'no address'})` };
      case 'not-public':
        return { kind: 'rejected', reason: `${url.host} resolves to an address that is not public` };
      case 'connection':
        return {
          kind: 'retry',
          reason: `could not reach ${url.host} (${error.detail ?? 'connection failed'})`,
        };
    }
  }
  const outcome = outcomeOf(response, now());
  // The answer means nothing past its status: read (a bounded part, so that the receiver's write
  // ends) and dropped; whatever breaks it off changes nothing.
  await readAtMost(response, CALLBACK_ANSWER_MAX_BYTES, deadline).catch(() => undefined);
  response.destroy();
  return outcome;
}

function outcomeOf(response: IncomingMessage, now: number): CallbackOutcome {
  const status = response.statusCode ?? 0;
  if (status >= 200 && status <= 299) return { kind: 'delivered', status, reason: `answered ${status}` };
  if (status >= 300 && status <= 399)
    return { kind: 'rejected', status, reason: `answered ${status}, a redirect, which is not followed` };
  if (status >= 400 && status <= 499 && status !== 429)
    return { kind: 'rejected', status, reason: `answered ${status}` };
  // 429, 5xx, and a status HTTP does not define, which the receiver may mend.
  const retryAfterSeconds = retryAfterSecondsOf(response.headers['retry-after'], now);
  return retryAfterSeconds === undefined
    ? { kind: 'retry', status, reason: `answered ${status}` }
    : {
        kind: 'retry',
        status,
        retryAfterSeconds,
        reason: `answered ${status} (Retry-After ${retryAfterSeconds} s)`,
      };
}

/** An IMF-fixdate, the HTTP-date senders write (RFC 9110, 5.6.7). */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** `Retry-After` in seconds from now: delay-seconds or an HTTP-date; undefined when neither. */
function retryAfterSecondsOf(header: string | undefined, now: number): number | undefined {
  const value = header?.trim() ?? '';
  if (/^\d{1,9}$/.test(value)) return Number(value);
  if (!HTTP_DATE.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
