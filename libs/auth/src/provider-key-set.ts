import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

import { ServiceUnavailableError } from '@portal/problem-details';

export interface ProviderKeySetOptions {
  /** A fetch of the key set that takes longer is abandoned (the request answers 503). */
  readonly timeoutMs?: number;
  /** Keys are fetched again after this long; until a fetch succeeds the known ones keep serving. */
  readonly maxAgeMs?: number;
  /** A token naming an unknown key fetches the set again at most this often. */
  readonly cooldownMs?: number;
}

/** Seconds a client is asked to wait when the provider's keys cannot be fetched. */
export const KEYS_RETRY_AFTER_SECONDS = 5;

/** The identity provider's keys could not be fetched: the service's fault, not the token's (503). */
export class KeySetUnavailableError extends ServiceUnavailableError {
  constructor(retryAfterSeconds = KEYS_RETRY_AFTER_SECONDS) {
    super(
      "The identity provider's signing keys cannot be fetched at the moment; retry shortly.",
      'AUTH.KEYS_UNAVAILABLE',
      retryAfterSeconds,
    );
  }
}

/**
 * The identity provider's JSON Web Key Set, kept so that the provider's outage does not turn into
 * the clients' fault: tokens whose keys are known keep being verified while the provider is slow
 * or down (the set is renewed when it can be), and a token whose key cannot be fetched answers 503
 * within `timeoutMs`, never a 401 that tells the client its token is bad. A key the provider drops
 * stops being honoured at the first successful renewal after `maxAgeMs`.
 */
export class ProviderKeySet {
  private known: { readonly getKey: JWTVerifyGetKey; readonly fetchedAt: number } | undefined;
  private lastAttempt = 0;
  /** Whether the last fetch failed: the provider is down until one succeeds. */
  private lastFetchFailed = false;
  private fetching: Promise<void> | undefined;
  private readonly timeoutMs: number;
  private readonly maxAgeMs: number;
  private readonly cooldownMs: number;

  constructor(
    private readonly url: URL,
    options: ProviderKeySetOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.cooldownMs = options.cooldownMs ?? 30 * 1000;
  }

  /** jose's key getter: the key of a token's header. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const known = this.known;
    if (!known) {
      await this.fetchOrFail();
      return this.known!.getKey(header, token);
    }
    if (Date.now() - known.fetchedAt > this.maxAgeMs) this.renewQuietly();
    try {
      return await known.getKey(header, token);
    } catch (error) {
      // A key the set does not hold yet (the provider rotated its keys): fetch again, not too often.
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      const sinceAttempt = Date.now() - this.lastAttempt;
      if (sinceAttempt < this.cooldownMs) {
        // The last fetch failed: the key may well be one the provider rotated in while it was out of
        // reach, so the answer is the provider's outage (503 until the next attempt), not the token's.
        if (this.lastFetchFailed)
          throw new KeySetUnavailableError(Math.max(1, Math.ceil((this.cooldownMs - sinceAttempt) / 1000)));
        throw error;
      }
      await this.fetchOrFail();
      return this.known!.getKey(header, token);
    }
  };

  private async fetchOrFail(): Promise<void> {
    try {
      await this.fetchOnce();
    } catch {
      throw new KeySetUnavailableError();
    }
  }

  /** Renews in the background; a failure keeps the known keys until the next attempt. */
  private renewQuietly(): void {
    if (Date.now() - this.lastAttempt < this.cooldownMs) return;
    this.fetchOnce().catch(() => undefined);
  }

  /** One fetch at a time; concurrent callers wait for the same one. */
  private fetchOnce(): Promise<void> {
    this.fetching ??= this.fetch().finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  private async fetch(): Promise<void> {
    this.lastAttempt = Date.now();
    this.lastFetchFailed = true;
    const response = await fetch(this.url, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`the key set answered ${response.status}`);
    const body = (await response.json()) as JSONWebKeySet;
    this.known = { getKey: createLocalJWKSet(body), fetchedAt: Date.now() };
    this.lastFetchFailed = false;
  }
}
