import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

import { type AuthOptions, DEVELOPMENT_JWT_SECRET } from '@portal/auth';
import { type DatabasePool } from '@portal/database';
import { EnvBoolean, EnvInt, Sensitive } from '@portal/env';

import { CORS_ORIGIN_PATTERN } from './cors';
import { isTrustedProxy, trustedProxiesOf } from './trusted-proxies';

const ORIGIN = CORS_ORIGIN_PATTERN.source.slice(1, -1);
/** A comma-separated list of origins, possibly empty (no origin allowed). */
const ORIGIN_LIST = new RegExp(`^\\s*(${ORIGIN}(\\s*,\\s*${ORIGIN})*)?\\s*$`);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variables every service reads (contract 1 and 2). Services extend it with their own. */
export class ServiceEnvironment {
  @IsIn(['development', 'production', 'test'])
  readonly NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(65535)
  readonly PORT: number;

  @IsString()
  readonly HOST: string = '0.0.0.0';

  /**
   * The proxies whose `X-Forwarded-For`/`-Proto` are believed (comma-separated addresses, CIDRs,
   * or `loopback`, `linklocal`, `uniquelocal`). Empty by default: none is believed, since any pod in
   * a cluster speaks from a private address and could otherwise name another address to escape its
   * rate limit (the public branding is keyed by address); a deployment names its ingress
   * controller's range (deploy/overlays/example).
   */
  @ValidateBy({
    name: 'isTrustedProxyList',
    validator: {
      // A comma-separated list, possibly empty (none believed), of what proxy-addr takes.
      validate: (value) => typeof value === 'string' && trustedProxiesOf(value).every(isTrustedProxy),
      defaultMessage: () =>
        'TRUSTED_PROXIES must list IPv4 or IPv6 addresses, CIDRs (a prefix of at most 32 or 128) or loopback, linklocal, uniquelocal',
    },
  })
  readonly TRUSTED_PROXIES: string = '';

  @Matches(/^[A-Za-z0-9_-]{1,63}$/, { message: 'TENANT must be 1..63 letters, digits, - or _' })
  readonly TENANT: string = 'demo';

  @IsOptional()
  @Sensitive()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  readonly DATABASE_URL?: string;

  @IsString()
  readonly EMBEDDED_DATABASE_DIR: string;

  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(200)
  readonly DATABASE_POOL_SIZE: number = 10;

  /**
   * On SIGTERM, how long the service drains: it serves what reaches it and lets the answers on
   * their way finish (streams, renders); past it what still runs is answered 503 or cut.
   * terminationGracePeriodSeconds must cover the preStop hook, this and a margin (deploy/).
   */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(600_000)
  readonly SHUTDOWN_GRACE_MS: number = 30_000;

  /**
   * How long a keep-alive connection may stay idle before the service closes it, announced to
   * clients (`Keep-Alive: timeout=`) so that those which honour it (Node's fetch, most HTTP
   * libraries) drop it first and never send on a connection the service is closing. A stopping
   * service closes no idle connection sooner, so its drain ends at most this long after its last
   * answer. A proxy in front that keeps idle upstream connections longer without honouring the
   * header (nginx's upstream-keepalive-timeout is 60 s) must keep them less long than this.
   */
  @EnvInt()
  @IsInt()
  @Min(1000)
  @Max(600_000)
  readonly HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 10_000;

  /**
   * The request bodies the service holds at once, in bytes (body-budget.ts): past it a request
   * with a body is a 503 problem with Retry-After. One request always fits, however large.
   */
  @EnvInt()
  @IsInt()
  @Min(1024)
  @Max(1_073_741_824)
  readonly MAX_BODY_BYTES_IN_FLIGHT: number = 64 * 1024 * 1024;

  /** Waiting for a connection from the pool or a new one; past it the request answers 503. */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(60_000)
  readonly DATABASE_CONNECT_TIMEOUT_MS: number = 1500;

  /** One statement of a request; past it the server cancels it and the request answers 503. */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(600_000)
  readonly DATABASE_STATEMENT_TIMEOUT_MS: number = 1500;

  /** Waiting for a lock held by another transaction; past it the request answers 503. */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(600_000)
  readonly DATABASE_LOCK_TIMEOUT_MS: number = 1000;

  @EnvBoolean()
  @IsBoolean()
  readonly MIGRATIONS_RUN: boolean = true;

  /**
   * What the replicas share (README "Replicas"): per-caller rates and requests in flight, the
   * leases of background rounds, and render's caches and queue. Unset: all of it in the process.
   */
  @IsOptional()
  @Sensitive()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  readonly REDIS_URL?: string;

  /**
   * Requests one caller (token `sub`, else client address) may send per minute, and per second in
   * a burst; past either the answer is a 429 problem with Retry-After. Counted in Redis when
   * REDIS_URL is set (shared by the replicas), else in the process.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  readonly RATE_LIMIT_PER_MINUTE: number = 1200;

  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  readonly RATE_LIMIT_BURST: number = 100;

  /**
   * Requests one caller may have in flight at once, streams included (caller-limits.guard.ts);
   * past it a 429 problem with Retry-After. Enough for a backend-for-frontend that speaks for
   * many citizens. Counted across replicas in Redis when REDIS_URL is set, else in the process;
   * while Redis is away each replica allows this many.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(100_000)
  readonly MAX_CONCURRENT_PER_CALLER: number = 32;

  /**
   * `PageSize=-1` lists (streams) one caller may have in flight at once, counted as
   * MAX_CONCURRENT_PER_CALLER is; past it a 429 problem. All callers together may have a quarter
   * of DATABASE_POOL_SIZE (at least 1) on each replica, its pool's share; past that a 503.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(1000)
  readonly MAX_STREAMS_PER_CALLER: number = 2;

  /**
   * A stream whose client takes none of the data waiting on its socket for this long is cut, and
   * its cursor's connection and its slots are freed. 10 s: a live reader stalls for seconds at
   * most (TCP's retransmissions back off to a few seconds), and the cursor's transaction idles
   * meanwhile, which the database ends at its idle_in_transaction_session_timeout anyway (at least
   * 10 s), leaving the socket and the stream's slots held until the client leaves.
   */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(600_000)
  readonly STREAM_WRITE_DEADLINE_MS: number = 10_000;

  /** Unset: the localhost origins outside production, none in production (contract 1). */
  @IsOptional()
  @Matches(ORIGIN_LIST, {
    message:
      'CORS_ORIGINS must be a comma-separated list of origins such as https://portal.example.ch, http://localhost:* or *',
  })
  readonly CORS_ORIGINS?: string;

  @IsIn(LOG_LEVELS)
  readonly LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @IsOptional()
  @Sensitive()
  @MinLength(32, { message: 'AUTH_JWT_SECRET must be at least 32 characters' })
  readonly AUTH_JWT_SECRET?: string;

  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: 'AUTH_JWKS_URL must be an http(s) URL' },
  )
  readonly AUTH_JWKS_URL?: string;

  @ValidateIf((env: ServiceEnvironment) => env.AUTH_JWKS_URL !== undefined || env.AUTH_ISSUER !== undefined)
  @IsString({ message: 'AUTH_ISSUER is required with AUTH_JWKS_URL' })
  readonly AUTH_ISSUER?: string;

  @ValidateIf((env: ServiceEnvironment) => env.AUTH_JWKS_URL !== undefined || env.AUTH_AUDIENCE !== undefined)
  @IsString({ message: 'AUTH_AUDIENCE is required with AUTH_JWKS_URL' })
  readonly AUTH_AUDIENCE?: string;

  /** Tokens whose `exp` lies further ahead than this many seconds are refused (401). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(31_536_000)
  readonly AUTH_MAX_TOKEN_LIFETIME: number = 86_400;

  /** Rules across variables; development defaults must never reach production. */
  crossFieldProblems(): string[] {
    const problems: string[] = [];
    if (this.NODE_ENV === 'production') {
      if (!this.DATABASE_URL)
        problems.push(
          'DATABASE_URL (unset): required in production; the embedded database is for development',
        );
      if (!this.AUTH_JWT_SECRET && !this.AUTH_JWKS_URL) {
        problems.push('AUTH_JWT_SECRET (unset): AUTH_JWT_SECRET or AUTH_JWKS_URL is required in production');
      }
    }
    return problems;
  }

  /** The pool of the service's requests (migrations run on a connection of their own, untimed). */
  get databasePool(): DatabasePool {
    return {
      poolSize: this.DATABASE_POOL_SIZE,
      timeouts: {
        connectMs: this.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: this.DATABASE_STATEMENT_TIMEOUT_MS,
        lockMs: this.DATABASE_LOCK_TIMEOUT_MS,
      },
    };
  }
}

export function authOptionsOf(env: ServiceEnvironment): AuthOptions {
  const maxTokenLifetimeSeconds = env.AUTH_MAX_TOKEN_LIFETIME;
  if (env.AUTH_JWKS_URL && env.AUTH_ISSUER && env.AUTH_AUDIENCE) {
    return {
      mode: 'jwks',
      jwksUrl: env.AUTH_JWKS_URL,
      issuer: env.AUTH_ISSUER,
      audience: env.AUTH_AUDIENCE,
      maxTokenLifetimeSeconds,
    };
  }
  return {
    maxTokenLifetimeSeconds,
    mode: 'secret',
    secret: env.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    issuer: env.AUTH_ISSUER,
    audience: env.AUTH_AUDIENCE,
  };
}
