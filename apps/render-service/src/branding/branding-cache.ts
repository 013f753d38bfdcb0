import { Logger } from '@nestjs/common';

import { quoteInput, ServiceUnavailableError, UnprocessableError } from '@portal/problem-details';
import { errorFields, ThrottledWarnings } from '@portal/service-runtime';

import { LruMap } from '../lru-map';
import type { Branding } from './branding';
import type { BrandingStore, StoredBranding } from './branding-store';
import { type BrandingAnswer, type BrandingSource, BrandingUnreachable } from './config-branding-source';

/** A branding read this recently is used without asking config-service (contract 9: by ETag). */
export const BRANDING_FRESH_MS = 60_000;

/** After config-service failed to answer, it is not asked again for this long (renders go on meanwhile). */
export const BRANDING_RETRY_MS = 5_000;

/**
 * A name config-service did not know is answered 422 without asking again for this long: a client
 * repeating a misspelt name costs config-service one read per name and period, not one per render.
 */
export const BRANDING_UNKNOWN_MS = 10_000;

/** Unknown names remembered at most, least recently met forgotten first. */
const UNKNOWN_CAPACITY = 1000;

/** A branding is a UI template's name, named by the request's `branding` property. */
export const BRANDING_PROPERTY = 'branding';

/**
 * The brandings of config-service, each kept with its ETag: used as read for 60 s, then
 * revalidated by a conditional GET (304: kept; 200: replaced; 404: gone). While config-service is
 * down (no answer, 5xx) the last branding read is used; a branding never read is a 503.
 */
export class BrandingCache {
  private readonly inFlight = new Map<string, Promise<Branding>>();
  /** Until when each name config-service answered 404 for is taken as unknown. */
  private readonly unknownUntil = new LruMap<string, number>(UNKNOWN_CAPACITY);
  /**
   * When config-service may be asked again after it failed to answer: its outage is the service's,
   * not a name's, and a map by name would grow with every name asked for during it.
   */
  private retryAt: number | undefined;
  private readonly logger = new Logger('BrandingCache');
  private readonly warnings: ThrottledWarnings;

  constructor(
    private readonly source: BrandingSource,
    private readonly store: BrandingStore,
    private readonly now: () => number = Date.now,
  ) {
    this.warnings = new ThrottledWarnings((fields, message) => this.logger.warn({ msg: message, ...fields }));
  }

  async get(name: string): Promise<Branding> {
    const unknownUntil = this.unknownUntil.get(name);
    if (unknownUntil !== undefined && this.now() < unknownUntil) throw unknownBranding(name);
    const freshSince = this.now() - BRANDING_FRESH_MS;
    const stored = await this.store.get(name, freshSince);
    if (stored && stored.checkedAt > freshSince) return stored.branding;
    // Concurrent renders of one branding share one read.
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = this.revalidate(name, stored).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  private async revalidate(name: string, stored: StoredBranding | undefined): Promise<Branding> {
    if (this.retryAt !== undefined && this.now() < this.retryAt)
      return this.unreachable(stored, this.retryAt);
    let answer: BrandingAnswer;
    try {
      answer = await this.source.read(name, stored?.etag);
    } catch (error) {
      if (!(error instanceof BrandingUnreachable)) throw error;
      this.warnings.warn(
        stored
          ? 'config-service unreachable: rendering with the brandings last read'
          : 'config-service unreachable: renders naming a branding never read are answered 503',
        { branding: name, reason: error.message, ...(error.cause ? errorFields(error.cause) : {}) },
      );
      this.retryAt = this.now() + BRANDING_RETRY_MS;
      return this.unreachable(stored, this.retryAt);
    }
    this.retryAt = undefined;
    switch (answer.kind) {
      case 'not-modified': {
        // Sent only with a stored ETag, so there is a stored branding.
        const kept = stored as StoredBranding;
        await this.store.set(name, { ...kept, checkedAt: this.now() });
        return kept.branding;
      }
      case 'branding':
        await this.store.set(name, { branding: answer.branding, etag: answer.etag, checkedAt: this.now() });
        return answer.branding;
      case 'unknown':
        await this.store.delete(name);
        this.unknownUntil.set(name, this.now() + BRANDING_UNKNOWN_MS);
        throw unknownBranding(name);
    }
  }

  private unreachable(stored: StoredBranding | undefined, retryAt: number): Branding {
    if (stored) return stored.branding;
    throw new ServiceUnavailableError(
      'The branding could not be read from config-service, which is unavailable; retry later.',
      'RENDER.BRANDING.UNAVAILABLE',
      Math.max(1, Math.ceil((retryAt - this.now()) / 1000)),
    );
  }
}

const unknownBranding = (name: string): UnprocessableError =>
  new UnprocessableError(
    `There is no UI template named ${quoteInput(name)} to take the branding from.`,
    'RENDER.BRANDING.UNKNOWN',
    { errors: { [BRANDING_PROPERTY]: ['no UI template of config-service has this name'] } },
  );
