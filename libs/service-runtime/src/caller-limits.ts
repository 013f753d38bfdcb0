/**
 * How many requests each caller has in flight, up to `limit` each, counted in this process. A
 * caller's entry goes at zero, so the map holds only the callers with something in flight.
 */
export class InFlightCounts {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one more request of `caller`, unless it has `limit` in flight already. */
  tryTake(caller: string): boolean {
    const count = this.counts.get(caller) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(caller, count + 1);
    return true;
  }

  /** One request of `caller` has ended. */
  give(caller: string): void {
    const count = this.counts.get(caller);
    if (count === undefined) return;
    if (count > 1) this.counts.set(caller, count - 1);
    else this.counts.delete(caller);
  }

  countOf(caller: string): number {
    return this.counts.get(caller) ?? 0;
  }

  /** Callers with a request in flight. */
  get callers(): number {
    return this.counts.size;
  }
}

export interface CallerLimitsOptions {
  /** Requests one caller may have in flight at once, streams included. */
  readonly maxRequestsPerCaller: number;
  /** `PageSize=-1` streams one caller may have in flight at once. */
  readonly maxStreamsPerCaller: number;
  /** Streams of every caller together. */
  readonly maxStreams: number;
}

/** Why a request may not start: its caller's requests, its caller's streams, or every stream. */
export type CallerLimitRefusal = 'caller-requests' | 'caller-streams' | 'streams';

/**
 * Streams of all callers together: a quarter of the pool, at least one. Each stream holds a pool
 * connection while its client reads (a cursor), or its whole list in memory; three quarters stay
 * for everyone's ordinary requests however many streams are asked for.
 */
export const streamsForPool = (poolSize: number): number => Math.max(1, Math.floor(poolSize / 4));

/**
 * The requests in flight of each caller of one service process, and its streams. A caller is a
 * token's subject, or the client address on a route without a token; the two are counted apart,
 * so that no subject shares an address's count. These are this process's own counts: with
 * REDIS_URL the replicas share theirs in Redis (RedisCallerCountStore) and these stay the bound
 * while Redis is away, as they are the bound of all streams together (this process's pool) always.
 */
export class CallerLimits {
  private readonly requestsBySubject: InFlightCounts;
  private readonly requestsByAddress: InFlightCounts;
  private readonly streamsBySubject: InFlightCounts;
  private readonly streamsByAddress: InFlightCounts;
  private streams = 0;

  constructor(readonly options: CallerLimitsOptions) {
    this.requestsBySubject = new InFlightCounts(options.maxRequestsPerCaller);
    this.requestsByAddress = new InFlightCounts(options.maxRequestsPerCaller);
    this.streamsBySubject = new InFlightCounts(options.maxStreamsPerCaller);
    this.streamsByAddress = new InFlightCounts(options.maxStreamsPerCaller);
  }

  /**
   * Counts a request of `caller` (a stream too when `stream`), or says what refuses it: then
   * nothing is counted. The caller's own bounds come first, so a caller past them hears that it
   * is the one to slow down, not that the service is busy.
   */
  take(caller: string, byAddress: boolean, stream: boolean): CallerLimitRefusal | undefined {
    const requests = byAddress ? this.requestsByAddress : this.requestsBySubject;
    if (!requests.tryTake(caller)) return 'caller-requests';
    if (!stream) return undefined;
    const streams = byAddress ? this.streamsByAddress : this.streamsBySubject;
    if (!streams.tryTake(caller)) {
      requests.give(caller);
      return 'caller-streams';
    }
    if (this.streams >= this.options.maxStreams) {
      streams.give(caller);
      requests.give(caller);
      return 'streams';
    }
    this.streams += 1;
    return undefined;
  }

  /** A request `take` counted has ended; call it once per request counted. */
  give(caller: string, byAddress: boolean, stream: boolean): void {
    (byAddress ? this.requestsByAddress : this.requestsBySubject).give(caller);
    if (!stream) return;
    (byAddress ? this.streamsByAddress : this.streamsBySubject).give(caller);
    this.streams -= 1;
  }

  requestsOf(caller: string, byAddress = false): number {
    return (byAddress ? this.requestsByAddress : this.requestsBySubject).countOf(caller);
  }

  streamsOf(caller: string, byAddress = false): number {
    return (byAddress ? this.streamsByAddress : this.streamsBySubject).countOf(caller);
  }

  /** Streams in flight, of every caller. */
  get streamsInFlight(): number {
    return this.streams;
  }

  /** Callers with a request in flight, of both kinds. */
  get callers(): number {
    return this.requestsBySubject.callers + this.requestsByAddress.callers;
  }
}
