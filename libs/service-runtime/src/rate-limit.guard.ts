import { SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';

import { TooManyRequestsError } from '@portal/problem-details';

import type { RateWindow, WindowCount } from './caller-count-store';

/** What one caller may send to a group of routes: a minute's budget and a second's burst. */
export interface RateLimitPolicy {
  readonly perMinute: number;
  readonly burstPerSecond: number;
}

/** The policy of every route that names none. */
export const DEFAULT_RATE_LIMIT_POLICY = 'default';

const RATE_LIMIT_POLICY = 'portal:rate-limit-policy';
/** Set by @SkipRateLimit; CallerLimitsGuard then neither counts nor limits the route. */
export const SKIP_RATE_LIMIT = 'portal:skip-rate-limit';

/** The route counts against its own policy (`render`), not the service's default one. */
export const RateLimit = (policy: string): MethodDecorator & ClassDecorator =>
  SetMetadata(RATE_LIMIT_POLICY, policy);

/**
 * Not limited, neither the rate nor the requests in flight: health and metrics, which probes and
 * scrapers call from few addresses, and which must answer while a caller is at its bounds.
 */
export const SkipRateLimit = (): MethodDecorator & ClassDecorator => SetMetadata(SKIP_RATE_LIMIT, true);

/** The headers of the RateLimit draft and their X- forms that most clients know. */
export const RATE_LIMIT_HEADERS: readonly string[] = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** What a route counts against, resolved from its metadata once. */
export interface RouteRates {
  /** The minute's window, then the second's. */
  readonly windows: readonly [RateWindow, RateWindow];
  /** The `RateLimit-Policy` header: each window's limit and length. */
  readonly policyHeader: string;
}

/** A window and its count after this request's hit. */
interface CountedWindow {
  readonly window: RateWindow;
  readonly count: number;
  readonly resetMs: number;
}

/**
 * The rate half of CallerLimitsGuard. Each policy counts two fixed windows per caller (the
 * minute and the second); past either, the request is a 429 problem with Retry-After, and every
 * counted answer tells the caller its budget in the RateLimit-* and X-RateLimit-* headers.
 */
export class RateLimits {
  constructor(
    private readonly reflector: Reflector,
    private readonly policies: Readonly<Record<string, RateLimitPolicy>>,
  ) {
    if (!policies[DEFAULT_RATE_LIMIT_POLICY]) throw new Error('A default rate limit policy is needed');
  }

  /** The windows of a route, or undefined when it is exempt (@SkipRateLimit). */
  ratesOf(handler: object, controller: object): RouteRates | undefined {
    const targets = [handler, controller] as Parameters<Reflector['getAllAndOverride']>[1];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return undefined;
    const name =
      this.reflector.getAllAndOverride<string | undefined>(RATE_LIMIT_POLICY, targets) ??
      DEFAULT_RATE_LIMIT_POLICY;
    const policy = this.policies[name] ?? this.policies[DEFAULT_RATE_LIMIT_POLICY];
    const window = (limit: number, windowMs: number): RateWindow => ({
      limit,
      windowMs,
      keyPrefix: `${name}:${windowMs}:`,
    });
    const windows = [window(policy.perMinute, 60_000), window(policy.burstPerSecond, 1_000)] as const;
    return {
      windows,
      policyHeader: windows.map((each) => `${each.limit};w=${each.windowMs / 1000}`).join(', '),
    };
  }

  /** Tells the caller its budget, and refuses the request past either window; `counts` as `rates.windows`. */
  enforce(rates: RouteRates, counts: readonly WindowCount[], reply: FastifyReply): void {
    const known: CountedWindow[] = rates.windows.map((window, index) => ({
      window,
      count: counts[index].count,
      resetMs: counts[index].resetMs,
    }));
    const exceeded = known.filter((counted) => counted.count > counted.window.limit);
    // The window that decides: the longest one exceeded, else the one with the least left.
    const deciding =
      exceeded.length > 0
        ? exceeded.reduce((longest, counted) => (counted.resetMs > longest.resetMs ? counted : longest))
        : known.reduce((least, counted) =>
            counted.window.limit - counted.count < least.window.limit - least.count ? counted : least,
          );
    const { limit, windowMs } = deciding.window;
    const resetSeconds = Math.max(1, Math.ceil(deciding.resetMs / 1000));
    const limitText = String(limit);
    const remaining = String(Math.max(0, limit - deciding.count));
    const reset = String(resetSeconds);
    void reply.headers({
      'ratelimit-limit': limitText,
      'ratelimit-remaining': remaining,
      'ratelimit-reset': reset,
      'ratelimit-policy': rates.policyHeader,
      'x-ratelimit-limit': limitText,
      'x-ratelimit-remaining': remaining,
      'x-ratelimit-reset': reset,
    });
    if (exceeded.length > 0) {
      throw new TooManyRequestsError(
        resetSeconds,
        `Rate limit exceeded: at most ${limit} requests per ${windowMs / 1000} s; retry after ${resetSeconds} s.`,
      );
    }
  }
}
