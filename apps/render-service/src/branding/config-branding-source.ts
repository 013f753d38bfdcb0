import { type Branding, brandingFrom } from './branding';

/** config-service's answer to a (conditional) branding read. */
export type BrandingAnswer =
  | { readonly kind: 'branding'; readonly branding: Branding; readonly etag: string | undefined }
  | { readonly kind: 'not-modified' }
  | { readonly kind: 'unknown' };

/** Reads one branding from config-service; throws BrandingUnreachable when it cannot say. */
export interface BrandingSource {
  read(name: string, etag: string | undefined): Promise<BrandingAnswer>;
}

/** config-service did not answer, answered 5xx or something that is not a branding. */
export class BrandingUnreachable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'BrandingUnreachable';
  }
}

/** A branding is a palette, two logo references and some links: far below this. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** One read, connection to last byte: a render never waits longer on config-service. */
export const BRANDING_READ_TIMEOUT_MS = 2000;

/** The public branding route of config-service (contract 9), read without a token. */
export class ConfigBrandingSource implements BrandingSource {
  constructor(
    private readonly baseUrl: string,
    private readonly tenant: string,
    private readonly timeoutMs = BRANDING_READ_TIMEOUT_MS,
  ) {}

  urlOf(name: string): string {
    const base = this.baseUrl.replace(/\/+$/, '');
    return `${base}/${encodeURIComponent(this.tenant)}/v10-0/ui-templates/${encodeURIComponent(name)}/branding`;
  }

  async read(name: string, etag: string | undefined): Promise<BrandingAnswer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.urlOf(name), {
        headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
        redirect: 'error',
        signal,
      });
    } catch (error) {
      throw new BrandingUnreachable('config-service did not answer', { cause: error });
    }
    try {
      if (response.status === 304 && etag) return { kind: 'not-modified' };
      if (response.status === 404) return { kind: 'unknown' };
      if (response.status !== 200)
        throw new BrandingUnreachable(`config-service answered ${response.status}`);
      const text = await boundedText(response, MAX_ANSWER_BYTES);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new BrandingUnreachable('config-service answered something that is not JSON');
      }
      const branding = brandingFrom(body);
      if (!branding)
        throw new BrandingUnreachable('config-service answered something that is not a branding');
      return { kind: 'branding', branding, etag: response.headers.get('etag') ?? undefined };
    } catch (error) {
      if (error instanceof BrandingUnreachable) throw error;
      throw new BrandingUnreachable('config-service broke off its answer', { cause: error });
    } finally {
      // An answer not read to its end holds its connection: let it go.
      if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
    }
  }
}

/** The body as text, refused past `limit` bytes without reading further. */
async function boundedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream: nothing more is read.
    if (size > limit) throw new BrandingUnreachable(`config-service's answer passed ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
