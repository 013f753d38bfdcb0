import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Principal } from '@portal/auth';
import { perRoute } from '@portal/http-context';
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
  /** The store key without the caller: service, policy and window. */
  readonly keyPrefix: string;
}

/** A window and its count after this request's hit. */
interface CountedWindow {
  readonly window: Window;
  readonly count: number;
  readonly resetMs: number;
}

/** What a route counts against, resolved from its metadata once; undefined when it is not limited. */
interface RouteLimits {
  readonly windows: readonly [Window, Window];
  /** The `RateLimit-Policy` header: each window's limit and length. */
  readonly policyHeader: string;
}

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

  private readonly limitsOf = perRoute((handler, controller): RouteLimits | undefined => {
    const targets = [handler, controller];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return undefined;
    const name =
      this.reflector.getAllAndOverride<string | undefined>(RATE_LIMIT_POLICY, targets) ??
      DEFAULT_RATE_LIMIT_POLICY;
    const policy = this.policies[name] ?? this.policies[DEFAULT_RATE_LIMIT_POLICY];
    const window = (limit: number, windowMs: number): Window => ({
      limit,
      windowMs,
      keyPrefix: `${this.service}:${name}:${windowMs}:`,
    });
    const windows = [window(policy.perMinute, 60_000), window(policy.burstPerSecond, 1_000)] as const;
    return {
      windows,
      policyHeader: windows.map((each) => `${each.limit};w=${each.windowMs / 1000}`).join(', '),
    };
  });

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const limits = this.limitsOf(context);
    if (limits === undefined) return true;

    const http = context.switchToHttp();
    const request = http.getRequest<CallerRequest>();
    const reply = http.getResponse<FastifyReply>();
    const caller = request.principal ? `sub:${request.principal.subject}` : `ip:${request.ip}`;
    const [minute, second] = limits.windows;
    const minuteHit = this.store.hit(minute.keyPrefix + caller, minute.windowMs);
    const secondHit = this.store.hit(second.keyPrefix + caller, second.windowMs);
    // The in-process store answers at once; Redis's two hits travel together.
    if (minuteHit instanceof Promise || secondHit instanceof Promise) {
      return Promise.all([minuteHit, secondHit]).then(([minuteCount, secondCount]) =>
        this.enforce(limits, minuteCount, secondCount, reply),
      );
    }
    return this.enforce(limits, minuteHit, secondHit, reply);
  }

  /** Tells the caller its budget, and refuses the request past either window. */
  private enforce(
    limits: RouteLimits,
    minuteCount: WindowCount | undefined,
    secondCount: WindowCount | undefined,
    reply: FastifyReply,
  ): boolean {
    const [minute, second] = limits.windows;
    const known: CountedWindow[] = [];
    if (minuteCount) known.push({ window: minute, count: minuteCount.count, resetMs: minuteCount.resetMs });
    if (secondCount) known.push({ window: second, count: secondCount.count, resetMs: secondCount.resetMs });
    if (known.length === 0) return true;

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
      'ratelimit-policy': limits.policyHeader,
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
    return true;
  }
}
