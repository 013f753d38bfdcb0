import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

import {
  answerWithin,
  reportRedisErrors,
  ThrottledWarnings,
  warnOfRedisTrouble,
} from '@portal/service-runtime';

import { LruMap } from '../lru-map';
import { type Branding, brandingFrom } from './branding';

/** A branding as last read from config-service, its ETag, and when config-service last confirmed it. */
export interface StoredBranding {
  readonly branding: Branding;
  readonly etag: string | undefined;
  /** Epoch milliseconds of the last 200 or 304. */
  readonly checkedAt: number;
}

/** Nest token of the BrandingStore in use. */
export const BRANDING_STORE = Symbol('BrandingStore');

/** Where the brandings read are kept: this process, or Redis where replicas share them. */
export interface BrandingStore {
  /**
   * The branding kept under `name`. A copy this process confirmed after `freshSince` (epoch ms)
   * answers without asking a shared store: a fresh branding costs a render no round trip.
   */
  get(name: string, freshSince?: number): Promise<StoredBranding | undefined>;
  set(name: string, entry: StoredBranding): Promise<void>;
  delete(name: string): Promise<void>;
  /** Resolves once the store is connected, or after `timeoutMs` (it then serves its own copies). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Names beyond this are forgotten, least recently used first. */
const LOCAL_CAPACITY = 500;

export class LocalBrandingStore implements BrandingStore {
  private readonly entries = new LruMap<string, StoredBranding>(LOCAL_CAPACITY);

  get(name: string): Promise<StoredBranding | undefined> {
    return Promise.resolve(this.entries.get(name));
  }

  set(name: string, entry: StoredBranding): Promise<void> {
    this.entries.set(name, entry);
    return Promise.resolve();
  }

  delete(name: string): Promise<void> {
    this.entries.delete(name);
    return Promise.resolve();
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Kept in Redis this long without a read: config-service may be down for days. */
const REDIS_TTL_SECONDS = 30 * 24 * 3600;

/** How long a render may wait on Redis for a branding before it uses this replica's own copy. */
const REDIS_TIMEOUT_MS = 500;

/**
 * Brandings shared by the replicas through Redis, so that one replica's read spares the others
 * theirs and a replica started while config-service is down renders with what another read.
 * This process's own copy answers while Redis is down.
 */
export class RedisBrandingStore implements BrandingStore {
  private readonly redis: Redis;
  private readonly local = new LocalBrandingStore();
  private readonly logger = new Logger('BrandingStore');
  private readonly warnings = new ThrottledWarnings((fields, message) =>
    this.logger.warn({ msg: message, ...fields }),
  );

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // A render never waits for Redis: no queue while it is away, and a short wait (answerWithin).
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    reportRedisErrors([this.redis], this.warnings, {
      meanwhile: 'branding cache: this replica uses its own copies meanwhile',
    });
  }

  async ready(timeoutMs = 2000): Promise<void> {
    if (this.redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise((resolve) => this.redis.once('ready', resolve)),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  private keyOf(name: string): string {
    return `${this.prefix}${name}`;
  }

  async get(name: string, freshSince?: number): Promise<StoredBranding | undefined> {
    const own = await this.local.get(name);
    if (own && freshSince !== undefined && own.checkedAt > freshSince) return own;
    try {
      const shared = parseStored(await answerWithin(this.redis.get(this.keyOf(name)), REDIS_TIMEOUT_MS));
      // The newer of the two: another replica may have revalidated since this one did.
      return shared && (!own || shared.checkedAt >= own.checkedAt) ? shared : own;
    } catch (error) {
      warnOfRedisTrouble(this.warnings, error, "branding cache not read: this replica's own copy is used");
      return own;
    }
  }

  async set(name: string, entry: StoredBranding): Promise<void> {
    await this.local.set(name, entry);
    try {
      await answerWithin(
        this.redis.set(this.keyOf(name), JSON.stringify(entry), 'EX', REDIS_TTL_SECONDS),
        REDIS_TIMEOUT_MS,
      );
    } catch (error) {
      warnOfRedisTrouble(
        this.warnings,
        error,
        'branding cache not written: this replica alone keeps the branding read',
      );
    }
  }

  async delete(name: string): Promise<void> {
    await this.local.delete(name);
    try {
      await answerWithin(this.redis.del(this.keyOf(name)), REDIS_TIMEOUT_MS);
    } catch (error) {
      warnOfRedisTrouble(
        this.warnings,
        error,
        'branding cache entry not deleted: other replicas may use it until they next ask config-service',
      );
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function parseStored(text: string | null): StoredBranding | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const branding = brandingFrom(value['branding']);
    if (!branding || typeof value['checkedAt'] !== 'number') return undefined;
    return {
      branding,
      etag: typeof value['etag'] === 'string' ? value['etag'] : undefined,
      checkedAt: value['checkedAt'],
    };
  } catch {
    return undefined;
  }
}
