import { ServiceUnavailableError, UnprocessableError } from '@portal/problem-details';

import type { Branding } from './branding';
import { BRANDING_FRESH_MS, BRANDING_RETRY_MS, BRANDING_UNKNOWN_MS, BrandingCache } from './branding-cache';
import { LocalBrandingStore } from './branding-store';
import { type BrandingAnswer, type BrandingSource, BrandingUnreachable } from './config-branding-source';

const branding = (primaryColor: string): Branding => ({
  name: 'canton',
  displayName: null,
  svgCssFilter: null,
  colorPalette: { primaryColor },
  headerLogo: null,
  footerLogo: null,
  links: [],
  socialNetworks: [],
});

/** config-service as the test scripts it: each read takes the next answer (or failure). */
class ScriptedSource implements BrandingSource {
  readonly reads: Array<{ name: string; etag: string | undefined }> = [];
  private readonly answers: Array<BrandingAnswer | 'down'> = [];

  next(...answers: Array<BrandingAnswer | 'down'>): void {
    this.answers.push(...answers);
  }

  read(name: string, etag: string | undefined): Promise<BrandingAnswer> {
    this.reads.push({ name, etag });
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error(`unexpected read of ${name}`);
    if (answer === 'down') return Promise.reject(new BrandingUnreachable('connection refused'));
    return Promise.resolve(answer);
  }
}

describe(BrandingCache.name, () => {
  let now: number;
  let source: ScriptedSource;
  let sut: BrandingCache;

  beforeEach(() => {
    now = 1_000_000;
    source = new ScriptedSource();
    sut = new BrandingCache(source, new LocalBrandingStore(), () => now);
  });

  it('reads a branding once, then uses it without a request for 60 s', async () => {
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' });
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    now += BRANDING_FRESH_MS - 1;
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    expect(source.reads).toEqual([{ name: 'canton', etag: undefined }]);
  });

  it('revalidates with the ETag after 60 s: a 304 keeps it for another 60 s, a 200 replaces it', async () => {
    source.next(
      { kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' },
      { kind: 'not-modified' },
      { kind: 'branding', branding: branding('#005A9C'), etag: '"v2"' },
    );
    await sut.get('canton');
    now += BRANDING_FRESH_MS;
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    now += BRANDING_FRESH_MS - 1;
    await sut.get('canton');
    now += 1;
    await expect(sut.get('canton')).resolves.toEqual(branding('#005A9C'));
    expect(source.reads.map((read) => read.etag)).toEqual([undefined, '"v1"', '"v1"']);
  });

  it('renders with the branding last read while config-service is down, and asks again after a pause', async () => {
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' }, 'down');
    await sut.get('canton');
    now += BRANDING_FRESH_MS;
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    now += BRANDING_RETRY_MS - 1;
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    expect(source.reads).toHaveLength(2);
    source.next({ kind: 'not-modified' });
    now += 1;
    await expect(sut.get('canton')).resolves.toEqual(branding('#D52B1E'));
    expect(source.reads).toHaveLength(3);
  });

  it('answers 503 with Retry-After for a branding never read while config-service is down', async () => {
    source.next('down');
    const error = (await sut.get('canton').catch((caught: unknown) => caught)) as ServiceUnavailableError;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.retryAfterSeconds).toBe(BRANDING_RETRY_MS / 1000);
    // Within the pause config-service is not asked again; the wait left shrinks.
    now += 3000;
    const again = (await sut.get('canton').catch((caught: unknown) => caught)) as ServiceUnavailableError;
    expect(again.retryAfterSeconds).toBe(2);
    expect(source.reads).toHaveLength(1);
  });

  it('pauses for config-service, not for one name: during the pause no name is asked for', async () => {
    source.next('down');
    await expect(sut.get('canton')).rejects.toBeInstanceOf(ServiceUnavailableError);
    now += 1000;
    const other = (await sut
      .get('other-canton')
      .catch((caught: unknown) => caught)) as ServiceUnavailableError;
    expect(other).toBeInstanceOf(ServiceUnavailableError);
    expect(other.retryAfterSeconds).toBe(BRANDING_RETRY_MS / 1000 - 1);
    expect(source.reads).toEqual([{ name: 'canton', etag: undefined }]);
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' });
    now += BRANDING_RETRY_MS;
    await expect(sut.get('other-canton')).resolves.toEqual(branding('#D52B1E'));
  });

  it('answers 422 on branding for a name config-service does not know, and forgets what it had', async () => {
    source.next(
      { kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' },
      { kind: 'unknown' },
      'down',
    );
    await sut.get('canton');
    now += BRANDING_FRESH_MS;
    const error = (await sut.get('canton').catch((caught: unknown) => caught)) as UnprocessableError;
    expect(error).toBeInstanceOf(UnprocessableError);
    expect(error.extensions).toEqual({ errors: { branding: [expect.stringMatching(/no UI template/)] } });
    // Deleted: with config-service down now, there is nothing to fall back on.
    now += BRANDING_UNKNOWN_MS;
    await expect(sut.get('canton')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('answers a name config-service did not know 422 without asking again for 10 s', async () => {
    source.next({ kind: 'unknown' });
    await expect(sut.get('cnaton')).rejects.toBeInstanceOf(UnprocessableError);
    now += BRANDING_UNKNOWN_MS - 1;
    const again = (await sut.get('cnaton').catch((caught: unknown) => caught)) as UnprocessableError;
    expect(again).toBeInstanceOf(UnprocessableError);
    expect(again.extensions).toEqual({ errors: { branding: [expect.stringMatching(/no UI template/)] } });
    expect(source.reads).toHaveLength(1);
    // Then asked again: the template may have been created meanwhile.
    now += 1;
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' });
    await expect(sut.get('cnaton')).resolves.toEqual(branding('#D52B1E'));
    expect(source.reads).toHaveLength(2);
  });

  it('shares one read among concurrent renders', async () => {
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' });
    await Promise.all([sut.get('canton'), sut.get('canton'), sut.get('canton')]);
    expect(source.reads).toHaveLength(1);
  });

  it('shares brandings through the store: a second replica reads none while the first one’s is fresh', async () => {
    const store = new LocalBrandingStore();
    const first = new BrandingCache(source, store, () => now);
    const secondSource = new ScriptedSource();
    const second = new BrandingCache(secondSource, store, () => now);
    source.next({ kind: 'branding', branding: branding('#D52B1E'), etag: '"v1"' });
    await first.get('canton');
    await expect(second.get('canton')).resolves.toEqual(branding('#D52B1E'));
    expect(secondSource.reads).toEqual([]);
    // Stale for both: the second revalidates with the first one's ETag.
    now += BRANDING_FRESH_MS;
    secondSource.next({ kind: 'not-modified' });
    await second.get('canton');
    expect(secondSource.reads).toEqual([{ name: 'canton', etag: '"v1"' }]);
  });
});
