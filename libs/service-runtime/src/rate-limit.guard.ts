import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Principal } from '@portal/auth';
import { TooManyRequestsError } from '@portal/problem-details';

import type { RateLimitStore, WindowCount } from './rate-limit-store';

/** What one caller may send to a group of routes: a minute's budget and a second's burst. */
export interface RateLimitPolicy {
  readonly perMinute: number;
  readonly burstPerSecond: number;
}

/** The policy of every route that names none. */
export const DEFAULT_RATE_LIMIT_POLICY = 'default';

const RATE_LIMIT_POLICY = 'portal:rate-limit-policy';
/** Set by @SkipRateLimit; CallerLimitsGuard exempts the same routes. */
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

interface Window {
  readonly limit: number;
  readonly windowMs: number;
}

interface CountedWindow extends Window, WindowCount {}

type CallerRequest = FastifyRequest & { principal?: Principal };

/**
 * Per-caller limits, after the auth guard: a caller is the verified token's `sub`, or the client
 * address where the route needs no token. Each policy counts two fixed windows (the minute and
 * the second); past either, the request is a 429 problem with Retry-After, and every limited
 * answer tells the caller its budget in the RateLimit-* and X-RateLimit-* headers. A hit the store
 * cannot count (Redis down) lets the request through.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
    /** Keeps the counts of services sharing one Redis apart. */
    private readonly service: string,
    private readonly policies: Readonly<Record<string, RateLimitPolicy>>,
  ) {
    if (!policies[DEFAULT_RATE_LIMIT_POLICY]) throw new Error('A default rate limit policy is needed');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return true;
    const name =
      this.reflector.getAllAndOverride<string | undefined>(RATE_LIMIT_POLICY, targets) ??
      DEFAULT_RATE_LIMIT_POLICY;
    const policy = this.policies[name] ?? this.policies[DEFAULT_RATE_LIMIT_POLICY];

    const http = context.switchToHttp();
    const request = http.getRequest<CallerRequest>();
    const caller = request.principal ? `sub:${request.principal.subject}` : `ip:${request.ip}`;
    const windows: Window[] = [
      { limit: policy.perMinute, windowMs: 60_000 },
      { limit: policy.burstPerSecond, windowMs: 1_000 },
    ];
    const counted = await Promise.all(
      windows.map(async (window): Promise<CountedWindow | undefined> => {
        const count = await this.store.hit(
          `${this.service}:${name}:${window.windowMs}:${caller}`,
          window.windowMs,
        );
        return count && { ...window, ...count };
      }),
    );
    const known = counted.filter((window): window is CountedWindow => window !== undefined);
    if (known.length === 0) return true;

    const exceeded = known.filter((window) => window.count > window.limit);
    // The window that decides: the longest one exceeded, else the one with the least left.
    const deciding =
      exceeded.length > 0
        ? exceeded.reduce((longest, window) => (window.resetMs > longest.resetMs ? window : longest))
        : known.reduce((least, window) =>
            window.limit - window.count < least.limit - least.count ? window : least,
          );
    const resetSeconds = Math.max(1, Math.ceil(deciding.resetMs / 1000));
    const remaining = String(Math.max(0, deciding.limit - deciding.count));
    void http.getResponse<FastifyReply>().headers({
      'ratelimit-limit': String(deciding.limit),
      'ratelimit-remaining': remaining,
      'ratelimit-reset': String(resetSeconds),
      'ratelimit-policy': windows.map((window) => `${window.limit};w=${window.windowMs / 1000}`).join(', '),
      'x-ratelimit-limit': String(deciding.limit),
      'x-ratelimit-remaining': remaining,
      'x-ratelimit-reset': String(resetSeconds),
    });
    if (exceeded.length > 0) {
      throw new TooManyRequestsError(
        resetSeconds,
        `Rate limit exceeded: at most ${deciding.limit} requests per ${deciding.windowMs / 1000} s; retry after ${resetSeconds} s.`,
      );
    }
    return true;
  }
}
