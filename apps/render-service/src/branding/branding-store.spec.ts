import { randomUUID } from 'node:crypto';

import { TEST_REDIS_URL as REDIS_URL } from '@portal/testing';

import type { Branding } from './branding';
import { BrandingCache } from './branding-cache';
import { RedisBrandingStore } from './branding-store';
import type { BrandingAnswer, BrandingSource } from './config-branding-source';

const branding: Branding = {
  name: 'canton',
  displayName: null,
  svgCssFilter: null,
  colorPalette: { primaryColor: '#D52B1E' },
  headerLogo: null,
  footerLogo: null,
  links: [],
  socialNetworks: [],
};

describe(RedisBrandingStore.name, () => {
  // A prefix of this run's own: tests share the machine's Redis.
  const prefix = `render-service:test-${randomUUID()}:branding:`;
  let first: RedisBrandingStore;
  let second: RedisBrandingStore;

  beforeAll(async () => {
    first = new RedisBrandingStore(REDIS_URL, prefix);
    second = new RedisBrandingStore(REDIS_URL, prefix);
    await Promise.all([first.ready(), second.ready()]);
  });

  afterAll(async () => {
    await first.delete('canton');
    await first.close();
    await second.close();
  });

  it('lets a replica render with the branding another one read, without asking config-service', async () => {
    const reads: string[] = [];
    const source = (answer: BrandingAnswer | 'down'): BrandingSource => ({
      read: (name) => {
        reads.push(name);
        return answer === 'down' ? Promise.reject(new Error('not expected')) : Promise.resolve(answer);
      },
    });
    const now = (): number => 1_000_000;
    await new BrandingCache(source({ kind: 'branding', branding, etag: '"v1"' }), first, now).get('canton');
    expect(reads).toEqual(['canton']);
    await expect(new BrandingCache(source('down'), second, now).get('canton')).resolves.toEqual(branding);
    expect(reads).toEqual(['canton']);
    await expect(second.get('canton')).resolves.toEqual({ branding, etag: '"v1"', checkedAt: 1_000_000 });
  });

  it('answers from its own copy without asking Redis while that copy is fresh', async () => {
    await first.set('fresh', { branding, etag: '"v1"', checkedAt: 1_000 });
    // Another replica revalidated since: Redis holds the newer copy.
    await second.set('fresh', { branding, etag: '"v2"', checkedAt: 2_000 });
    try {
      await expect(first.get('fresh', 999)).resolves.toMatchObject({ etag: '"v1"' });
      await expect(first.get('fresh', 1_000)).resolves.toMatchObject({ etag: '"v2"' });
      await expect(first.get('fresh')).resolves.toMatchObject({ etag: '"v2"' });
    } finally {
      await first.delete('fresh');
    }
  });

  it('answers from its own copy while Redis is unreachable', async () => {
    const away = new RedisBrandingStore('redis://127.0.0.1:1', prefix);
    try {
      await away.set('canton', { branding, etag: '"v1"', checkedAt: 5 });
      await expect(away.get('canton')).resolves.toEqual({ branding, etag: '"v1"', checkedAt: 5 });
      await expect(away.get('other')).resolves.toBeUndefined();
    } finally {
      await away.close();
    }
  });
});
