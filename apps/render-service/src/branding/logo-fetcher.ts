import type { IncomingMessage } from 'node:http';

import { LruMap } from '../lru-map';
import {
  OutboundFailure,
  type OutboundTestSeams,
  readAtMost,
  requestPublicHttps,
} from '../outbound/public-https';

/** A logo read from a data: URI or an allowed host: at most this many bytes... */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** ...in at most this long, from the name's resolution to the last byte. */
export const LOGO_TIMEOUT_MS = 2000;
/** A logo read this recently is used again without a request; after, a conditional one. */
export const LOGO_FRESH_MS = 60_000;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/** Why a logo cannot be placed: the message of the 422 on the logo. */
export class LogoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogoRefused';
  }
}

export interface LogoFetcherOptions extends OutboundTestSeams {
  /** `RENDER_IMAGE_HOSTS`: host names (or `host:port`) a logo URL may name; empty: data: URIs only. */
  readonly hosts: readonly string[];
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

interface CachedLogo {
  readonly dataUri: string;
  readonly etag: string | undefined;
  readonly checkedAt: number;
}

/** Logos kept by URL; the oldest forgotten past this many. */
const CACHE_CAPACITY = 64;

const DATA_URI = /^data:(image\/(?:png|jpeg|webp|svg\+xml))((?:;[a-z0-9=._+-]*)*?)(;base64)?,(.*)$/is;

/**
 * Turns a branding logo's source into a data: URI a document can carry (contract 9): a data: URI
 * as it is, once checked; an https URL only on an allowed host, read with the defences a server
 * that fetches for others needs (requestPublicHttps: every address public, the connection pinned
 * to the address checked, no redirect followed), the answer bounded in bytes and time, its type
 * an image. Read logos are kept by URL and revalidated by ETag.
 */
export class LogoFetcher {
  private readonly hosts: ReadonlySet<string>;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly cache = new LruMap<string, CachedLogo>(CACHE_CAPACITY);

  constructor(private readonly options: LogoFetcherOptions) {
    this.hosts = new Set(options.hosts.map((host) => host.toLowerCase()));
    this.maxBytes = options.maxBytes ?? LOGO_MAX_BYTES;
    this.timeoutMs = options.timeoutMs ?? LOGO_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  async dataUriOf(source: string): Promise<string> {
    if (/^data:/i.test(source)) return this.checkedDataUri(source);
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new LogoRefused(
        'is neither a data: URI nor an absolute https URL (a path is for the frontend that serves it)',
      );
    }
    if (url.protocol !== 'https:')
      throw new LogoRefused(`is read only over https, not ${url.protocol.replace(':', '')}`);
    if (url.username || url.password) throw new LogoRefused('may not carry credentials in its URL');
    if (!this.hosts.has(url.host.toLowerCase()))
      throw new LogoRefused(
        this.hosts.size === 0
          ? 'must be a data: URI: this deployment reads logos from no host (RENDER_IMAGE_HOSTS)'
          : `is on ${url.host}, which is not a host logos are read from (RENDER_IMAGE_HOSTS)`,
      );
    url.hash = '';
    const key = url.href;
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.checkedAt < LOGO_FRESH_MS) return cached.dataUri;
    const fetched = await this.fetch(url, cached?.etag);
    const dataUri = fetched === 'not-modified' ? (cached as CachedLogo).dataUri : fetched.dataUri;
    const etag = fetched === 'not-modified' ? cached?.etag : fetched.etag;
    this.cache.set(key, { dataUri, etag, checkedAt: this.now() });
    return dataUri;
  }

  private checkedDataUri(source: string): string {
    const match = DATA_URI.exec(source);
    if (!match) throw new LogoRefused('must be a data: URI of a PNG, JPEG, WebP or SVG image');
    const type = match[1].toLowerCase() as ImageType;
    let bytes: Buffer;
    if (match[3]) {
      const base64 = match[4].replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
        throw new LogoRefused('is a data: URI whose base64 is malformed');
      bytes = Buffer.from(base64, 'base64');
    } else {
      try {
        bytes = Buffer.from(decodeURIComponent(match[4]), 'utf8');
      } catch {
        throw new LogoRefused('is a data: URI whose percent-encoding is malformed');
      }
    }
    return this.asDataUri(type, bytes);
  }

  /** The image as a base64 data: URI, after checking that its bytes are what its type says. */
  private asDataUri(type: ImageType, bytes: Buffer): string {
    if (bytes.byteLength > this.maxBytes) throw new LogoRefused(`is larger than ${this.maxBytes} bytes`);
    if (!looksLike(type, bytes)) throw new LogoRefused(`does not hold a ${type} image`);
    return `data:${type};base64,${bytes.toString('base64')}`;
  }

  private async fetch(
    url: URL,
    etag: string | undefined,
  ): Promise<'not-modified' | { dataUri: string; etag: string | undefined }> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const timedOut = (): LogoRefused => new LogoRefused(`was not read within ${this.timeoutMs} ms`);
    let response: IncomingMessage;
    try {
      response = await requestPublicHttps(
        url,
        {
          method: 'GET',
          headers: {
            accept: IMAGE_TYPES.join(', '),
            'accept-encoding': 'identity',
            ...(etag ? { 'if-none-match': etag } : {}),
          },
          deadline,
        },
        this.options,
      );
    } catch (error) {
      if (!(error instanceof OutboundFailure)) throw error;
      switch (error.kind) {
        case 'timeout':
          throw timedOut();
        case 'unresolved':
          throw new LogoRefused(`names a host that does not resolve (${url.host})`);
        case 'not-public':
          throw new LogoRefused(`names a host that resolves to an address that is not public (${url.host})`);
        case 'connection':
          throw new LogoRefused(
            `could not be read from ${url.host} (${error.detail ?? 'connection failed'})`,
          );
      }
    }
    return this.read(response, etag, deadline, timedOut);
  }

  private async read(
    response: IncomingMessage,
    etag: string | undefined,
    deadline: AbortSignal,
    timedOut: () => LogoRefused,
  ): Promise<'not-modified' | { dataUri: string; etag: string | undefined }> {
    const status = response.statusCode ?? 0;
    if (status === 304 && etag) {
      response.destroy();
      return 'not-modified';
    }
    if (status >= 300 && status < 400) {
      response.destroy();
      throw new LogoRefused(`was answered with a redirect (${status}), which is not followed`);
    }
    if (status !== 200) {
      response.destroy();
      throw new LogoRefused(`was answered ${status}`);
    }
    const type = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!(IMAGE_TYPES as readonly string[]).includes(type)) {
      response.destroy();
      throw new LogoRefused(`was answered with ${type || 'no type'}, not a PNG, JPEG, WebP or SVG image`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      response.destroy();
      throw new LogoRefused(`is larger than ${this.maxBytes} bytes`);
    }
    let body: { bytes: Buffer; complete: boolean };
    try {
      body = await readAtMost(response, this.maxBytes, deadline);
    } catch (error) {
      if (!(error instanceof OutboundFailure)) throw error;
      throw error.kind === 'timeout'
        ? timedOut()
        : new LogoRefused(`was broken off while read (${error.detail ?? 'connection failed'})`);
    }
    if (!body.complete) throw new LogoRefused(`is larger than ${this.maxBytes} bytes`);
    const etagHeader = response.headers['etag'];
    return { dataUri: this.asDataUri(type as ImageType, body.bytes), etag: etagHeader };
  }
}

/** Whether the bytes start as an image of the type does (an SVG: markup after optional blanks). */
function looksLike(type: ImageType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return (
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
    case 'image/svg+xml':
      return /^(\ufeff)?\s*</.test(bytes.subarray(0, 1024).toString('utf8'));
  }
}
