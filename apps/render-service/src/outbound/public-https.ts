import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

import { isPublicAddress } from './public-address';

/**
 * What tests change of an outbound request, never set from the environment: a test runs its own
 * HTTPS server on loopback under a name of its own.
 */
export interface OutboundTestSeams {
  /**
   * The certificate authority of a test's own HTTPS server, trusted besides the system's;
   * certificates are always checked.
   */
  readonly ca?: string;
  /** Resolves a host name instead of the system's resolver. */
  readonly resolve?: (hostname: string) => Promise<readonly string[]>;
  /** Addresses to connect to although not public (a test server on loopback). */
  readonly allowAddress?: (address: string) => boolean;
}

/**
 * Why an outbound request got no answer: its deadline passed, its name did not resolve, it
 * resolved to an address that is not public, or the connection failed (`detail`: the network
 * error's code, never the library's words).
 */
export class OutboundFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'unresolved' | 'not-public' | 'connection',
    readonly detail?: string,
  ) {
    super(detail ? `${kind} (${detail})` : kind);
    this.name = 'OutboundFailure';
  }
}

export interface OutboundRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: OutgoingHttpHeaders;
  readonly body?: string;
  /** Ends the whole exchange, from the name's resolution to the caller's last byte of the answer. */
  readonly deadline: AbortSignal;
}

const systemResolve = async (hostname: string): Promise<readonly string[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * One request to an https URL on a public address, with the defences a server that fetches for
 * others needs (its caller has already checked the URL's scheme and host against its allowlist):
 * the name resolved first and every address it gives checked public, the connection made to the
 * address checked (no second resolution a DNS answer could change), the certificate checked for
 * the name, no redirect followed (a 3xx is the caller's answer to judge). Resolves with the answer
 * once its head arrives; the caller reads (and bounds) the body under the same deadline. Throws
 * OutboundFailure when there is no answer.
 */
export async function requestPublicHttps(
  url: URL,
  request: OutboundRequest,
  seams: OutboundTestSeams = {},
): Promise<IncomingMessage> {
  const { deadline } = request;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly string[];
  if (isIP(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await abortable((seams.resolve ?? systemResolve)(hostname), deadline);
    } catch (error) {
      throw deadline.aborted
        ? new OutboundFailure('timeout')
        : new OutboundFailure('unresolved', codeOf(error));
    }
  }
  const allowed = (address: string): boolean =>
    isPublicAddress(address) || (seams.allowAddress?.(address) ?? false);
  // Every address must be public: a name that also resolves to a private one is refused, not retried.
  if (addresses.length === 0 || !addresses.every(allowed)) throw new OutboundFailure('not-public');
  const address = addresses[0];
  const family = isIP(address);
  // The connection goes to the address just checked: no second resolution a DNS answer could change.
  const pinned: LookupFunction = (_name, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        protocol: 'https:',
        host: hostname,
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        lookup: pinned,
        agent: false,
        ...(seams.ca ? { ca: seams.ca } : {}),
        headers: {
          ...request.headers,
          ...(body ? { 'content-length': String(body.byteLength) } : {}),
        },
        signal: deadline,
      },
      resolve,
    );
    // `on`, not `once`: an answer already passed on may still end in an error (the deadline's).
    outgoing.on('error', (error) =>
      reject(
        deadline.aborted ? new OutboundFailure('timeout') : new OutboundFailure('connection', codeOf(error)),
      ),
    );
    outgoing.end(body);
  });
}

/**
 * The answer's body, at most `maxBytes` of it: reading stops at the limit, whatever the answer
 * declared (`complete` false, the connection closed). Throws OutboundFailure when the answer is
 * broken off, by the deadline (`timeout`) or the network (`connection`).
 */
export async function readAtMost(
  response: IncomingMessage,
  maxBytes: number,
  deadline: AbortSignal,
): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (size + chunk.byteLength > maxBytes) {
        response.destroy();
        return { bytes: Buffer.concat(chunks), complete: false };
      }
      size += chunk.byteLength;
      chunks.push(chunk);
    }
  } catch (error) {
    throw deadline.aborted
      ? new OutboundFailure('timeout')
      : new OutboundFailure('connection', codeOf(error));
  }
  return { bytes: Buffer.concat(chunks), complete: true };
}

/** A network error's kind: its code (`ECONNREFUSED`, `ENOTFOUND`), never the library's words. */
const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = (): void => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
