import { hostname } from 'node:os';

import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

import { answerWithin } from './redis-deadline';
import { reportRedisErrors, ThrottledWarnings, warnOfRedisTrouble } from './redis-warnings';
import type { ServiceEnvironment } from './service-environment';

/**
 * A lease lapses a tenth of its interval early. The replica that took it then finds it free at
 * its next tick and keeps the round's cadence: a lease of exactly the interval would, by a hair,
 * often still be held at that tick, and the round would pass to another replica's tick up to an
 * interval later (two intervals between rounds, where contract 9 wants one). Another replica
 * whose tick falls into that tenth may take the lease instead: rounds are never closer than nine
 * tenths of the interval.
 */
export const leaseMsOf = (intervalMs: number): number => intervalMs - Math.ceil(intervalMs / 10);

/** How long taking a lease may wait for Redis before the round runs without it. */
export const ROUND_LEASE_TIMEOUT_MS = 1000;

/**
 * A background round runs once per interval across replicas: every replica's timer ticks, and
 * only the one that takes the round's lease for that interval runs it. A lease, not only a lock
 * against overlap: a lock lets every replica run its round one after the other.
 */
export abstract class RoundLease {
  /** Whether this replica runs `round` now: true at most once per `intervalMs` across replicas. */
  abstract tryAcquire(round: string, intervalMs: number): Promise<boolean>;

  /** Nest calls it after every onModuleDestroy, once the rounds have stopped. */
  abstract onApplicationShutdown(): Promise<void>;
}

/** The lease without REDIS_URL: one replica, its own rounds. */
export class LocalRoundLease extends RoundLease {
  private readonly heldUntil = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {
    super();
  }

  tryAcquire(round: string, intervalMs: number): Promise<boolean> {
    const now = this.now();
    if ((this.heldUntil.get(round) ?? Number.NEGATIVE_INFINITY) > now) return Promise.resolve(false);
    this.heldUntil.set(round, now + leaseMsOf(intervalMs));
    return Promise.resolve(true);
  }

  onApplicationShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The lease in Redis: `SET <service>:<tenant>:lease:<round> <replica> NX PX <lease>`, which one
 * replica per interval wins. When Redis fails (down, slow, refusing) the round runs all the same
 * (fail open): the rounds are idempotent and keep their own lock against overlap, so a Redis
 * outage costs rounds run on several replicas, where failing closed would stop them everywhere.
 */
export class RedisRoundLease extends RoundLease {
  private readonly redis: Redis;
  private readonly logger = new Logger(RoundLease.name);
  private readonly warnings = new ThrottledWarnings((fields, message) =>
    this.logger.warn({ msg: message, ...fields }),
  );

  constructor(
    url: string,
    /** `<service>:<tenant>:`: the leases of services and tenants sharing one Redis stay apart. */
    private readonly prefix: string,
    /** Written as the lease's value, to tell who holds it: the pod's name and the process. */
    private readonly replica = `${hostname()}:${process.pid}`,
  ) {
    super();
    // A round does not wait for a reconnect: without a connection it runs at once.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false });
    reportRedisErrors([this.redis], this.warnings, {
      meanwhile: 'background rounds run on every replica meanwhile (they are idempotent)',
    });
  }

  async tryAcquire(round: string, intervalMs: number): Promise<boolean> {
    try {
      const answer = await answerWithin(
        this.redis.set(`${this.prefix}lease:${round}`, this.replica, 'PX', leaseMsOf(intervalMs), 'NX'),
        ROUND_LEASE_TIMEOUT_MS,
      );
      return answer === 'OK';
    } catch (error) {
      warnOfRedisTrouble(
        this.warnings,
        error,
        `the ${round} round runs on this replica without its lease (rounds are idempotent)`,
      );
      return true;
    }
  }

  /** At once: nothing waits to be written, and a QUIT to a stalled Redis would hold the close up. */
  onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}

/** The lease of a service's rounds: in Redis with REDIS_URL, else in this process. */
export function roundLeaseOf(
  service: string,
  env: Pick<ServiceEnvironment, 'REDIS_URL' | 'TENANT'>,
): RoundLease {
  return env.REDIS_URL
    ? new RedisRoundLease(env.REDIS_URL, `${service}:${env.TENANT}:`)
    : new LocalRoundLease();
}
