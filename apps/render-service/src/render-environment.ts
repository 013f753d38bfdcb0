import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';

import { Transform } from 'class-transformer';
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
} from 'class-validator';

import { EnvBoolean, EnvInt, Sensitive } from '@portal/env';
import { ServiceEnvironment } from '@portal/service-runtime';

import { DEFAULT_OUTPUT_LIMITS } from './engine/common/output-budget';
import { budgetProblem, mebibytesOf, type RenderMemoryBudget } from './pool/memory-budget';

/** A symmetric key as Standard Webhooks writes it: `whsec_` and the key in base64... */
export const CALLBACK_SECRET_PREFIX = 'whsec_';
/** ...of 24 to 64 bytes (192 to 512 bits). */
export const CALLBACK_KEY_BYTES = { min: 24, max: 64 } as const;

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The key of a `whsec_` secret, or undefined when the text is not one (RENDER_CALLBACK_SECRET's check). */
export function callbackKeyOf(secret: string): Buffer | undefined {
  if (!secret.startsWith(CALLBACK_SECRET_PREFIX)) return undefined;
  const base64 = secret.slice(CALLBACK_SECRET_PREFIX.length);
  if (!CANONICAL_BASE64.test(base64)) return undefined;
  const key = Buffer.from(base64, 'base64');
  return key.byteLength >= CALLBACK_KEY_BYTES.min && key.byteLength <= CALLBACK_KEY_BYTES.max
    ? key
    : undefined;
}

/** A comma-separated list of host names (optionally with a port), lower or upper case; empty allowed. */
const HOST_LIST =
  /^\s*(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?\s*(?:,\s*|$))*$/i;

/** The hosts of a HOST_LIST, lower case, without blanks. */
const hostsOf = (list: string | undefined): readonly string[] =>
  (list ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');

/** render-service reads the common variables (contract 1, 2) and those of its worker pool. */
export class RenderEnvironment extends ServiceEnvironment {
  /**
   * A render's own run, from the moment a worker starts it (its wait for a worker not counted);
   * past it the render is stopped and answered 422 (contract 8). A job's item is stopped alike.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(600_000)
  readonly RENDER_TIMEOUT_MS: number = 10_000;

  /**
   * How long a render may wait for a worker; past it, never started, it is answered 503 with
   * Retry-After (the service's load, not the request's fault). Job items wait on their queue.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(600_000)
  readonly RENDER_QUEUE_WAIT_MS: number = 10_000;

  /**
   * Worker threads that render: one per core and one more, since one caller holds at most all but
   * one of them while others wait (fair rendering), so that a next caller's render starts at once
   * rather than behind a long one. deploy/ sets it with the memory budget (runtime.env).
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(256)
  readonly RENDER_WORKERS: number = availableParallelism() + 1;

  /** Renders that may wait for a worker; past this the service answers 429 with Retry-After. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(100_000)
  readonly RENDER_QUEUE_LIMIT: number = 100;

  /**
   * How long a render job's result (and the job) is kept after the job finished, in seconds;
   * then a round that runs once across replicas deletes it. A day by default.
   */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(31_536_000)
  readonly RENDER_JOB_RESULT_TTL: number = 86_400;

  /** Render jobs one caller may have unfinished at once; past it a create is a 429. */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(10_000)
  readonly RENDER_JOBS_PER_CALLER: number = 20;

  /**
   * How long an item a replica took stays its own without a sign of life from that replica
   * (BullMQ's lock, renewed while it renders): a replica that dies leaves its items to the others
   * after at most twice this.
   */
  @EnvInt()
  @IsInt()
  @Min(1000)
  @Max(600_000)
  readonly RENDER_JOB_LOCK_MS: number = 30_000;

  /** Renders one caller may ask per minute and per second (the other routes: RATE_LIMIT_*). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  readonly RENDER_RATE_LIMIT_PER_MINUTE: number = 300;

  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  readonly RENDER_RATE_LIMIT_BURST: number = 20;

  /** Heap of each worker; a document that needs more is answered 422 and its worker replaced. */
  @EnvInt()
  @IsInt()
  @Min(64)
  @Max(16_384)
  readonly RENDER_WORKER_HEAP_MB: number = 384;

  /**
   * Young generation of each worker (V8's nursery), in MiB; V8 makes it three semi-spaces, in
   * powers of two (16 and 24 give 8 MiB each, 32 gives 16). A larger one collects less often and
   * holds more memory: in back-to-back `npm run bench:render` runs, 32 spent 5.7 ms of worker CPU
   * per invoice against 6.2 at 24, and left the service at 341 MiB RSS after 10 000 invoices
   * against 264 (the target is under 300). The README's Benchmark section has the runs.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(1024)
  readonly RENDER_WORKER_YOUNG_GENERATION_MB: number = 24;

  /**
   * The largest html or txt document a render may produce (and the text a template writes on its
   * way to a pdf is bounded by RENDER_MAX_PDF_BYTES); a render passing it stops at once, 422.
   */
  @EnvInt()
  @IsInt()
  @Min(1024)
  @Max(1024 * 1024 * 1024)
  readonly RENDER_MAX_OUTPUT_BYTES: number = DEFAULT_OUTPUT_LIMITS.textBytes;

  /** The largest pdf a render may produce. */
  @EnvInt()
  @IsInt()
  @Min(1024)
  @Max(1024 * 1024 * 1024)
  readonly RENDER_MAX_PDF_BYTES: number = DEFAULT_OUTPUT_LIMITS.pdfBytes;

  /** A folder of TrueType fonts (`Family-Regular.ttf`, `-Bold`, `-Italic`, `-BoldItalic`) besides Roboto. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  readonly FONTS_DIR?: string;

  /** Saves the README's example templates at start-up when missing; default on in development only. */
  @IsOptional()
  @EnvBoolean()
  @IsBoolean()
  readonly RENDER_DEMO_TEMPLATES?: boolean;

  get demoTemplatesEnabled(): boolean {
    return this.RENDER_DEMO_TEMPLATES ?? this.NODE_ENV === 'development';
  }

  /** `GET /playground`, the template authors' page: `on` or `off`; unset, on except in production. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsIn(['on', 'off'], { message: 'RENDER_PLAYGROUND must be on or off' })
  readonly RENDER_PLAYGROUND?: 'on' | 'off';

  /**
   * config-service, whose public branding route a render naming `branding` reads (contract 9);
   * the contract's local default port unless the deployment says (deploy/ gives the cluster Service).
   */
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'CONFIG_SERVICE_URL must be an http(s) URL' },
  )
  readonly CONFIG_SERVICE_URL: string = 'http://127.0.0.1:3001';

  /**
   * Hosts a branding logo may be read from over HTTPS (comma-separated names, `host:port` for
   * another port than 443); empty: logos must be `data:` URIs.
   */
  @IsOptional()
  @Matches(HOST_LIST, { message: 'RENDER_IMAGE_HOSTS must be a comma-separated list of host names' })
  readonly RENDER_IMAGE_HOSTS?: string;

  get imageHosts(): readonly string[] {
    return hostsOf(this.RENDER_IMAGE_HOSTS);
  }

  /**
   * Hosts a render job's `callbackUrl` may name, over HTTPS (comma-separated names, `host:port`
   * for another port than 443); empty: a job takes no `callbackUrl`.
   */
  @IsOptional()
  @Matches(HOST_LIST, { message: 'RENDER_CALLBACK_HOSTS must be a comma-separated list of host names' })
  readonly RENDER_CALLBACK_HOSTS?: string;

  get callbackHosts(): readonly string[] {
    return hostsOf(this.RENDER_CALLBACK_HOSTS);
  }

  /** The key that signs every callback (Standard Webhooks' `whsec_` form); required with RENDER_CALLBACK_HOSTS. */
  @IsOptional()
  @Sensitive()
  @ValidateBy({
    name: 'isCallbackSecret',
    validator: {
      validate: (value) => typeof value === 'string' && callbackKeyOf(value) !== undefined,
      defaultMessage: () =>
        `RENDER_CALLBACK_SECRET must be whsec_ followed by ${CALLBACK_KEY_BYTES.min} to ${CALLBACK_KEY_BYTES.max} random bytes in base64, as \`echo "whsec_$(openssl rand -base64 32)"\` prints them`,
    },
  })
  readonly RENDER_CALLBACK_SECRET?: string;

  get playgroundEnabled(): boolean {
    return this.RENDER_PLAYGROUND === undefined
      ? this.NODE_ENV !== 'production'
      : this.RENDER_PLAYGROUND === 'on';
  }

  /**
   * The container's memory limit (a Kubernetes quantity: `1536Mi`, `1.5Gi`), as deploy/ gives it
   * (runtime.env). Set, the service refuses to start when its workers at their worst and its main
   * thread would pass 80 % of it (pool/memory-budget.ts); unset (a laptop), nothing is checked.
   */
  @IsOptional()
  @ValidateBy({
    name: 'isMemoryQuantity',
    validator: {
      validate: (value) => typeof value === 'string' && (mebibytesOf(value) ?? 0) > 0,
      defaultMessage: () => 'MEMORY_LIMIT must be a memory quantity such as 1536Mi or 1.5Gi',
    },
  })
  readonly MEMORY_LIMIT?: string;

  /** This process's memory at its worst, as its settings and its main thread's heap limit make it. */
  get memoryBudget(): RenderMemoryBudget {
    return {
      mainHeapMib: Math.round(getHeapStatistics().heap_size_limit / (1024 * 1024)),
      workers: this.RENDER_WORKERS,
      workerHeapMib: this.RENDER_WORKER_HEAP_MB,
      workerYoungGenerationMib: this.RENDER_WORKER_YOUNG_GENERATION_MB,
      pdfBytes: this.RENDER_MAX_PDF_BYTES,
    };
  }

  override crossFieldProblems(): string[] {
    const problems = super.crossFieldProblems();
    if (this.callbackHosts.length > 0 && !this.RENDER_CALLBACK_SECRET)
      problems.push(
        'RENDER_CALLBACK_SECRET (unset): required with RENDER_CALLBACK_HOSTS; every callback is signed with it',
      );
    const limitMib = this.MEMORY_LIMIT === undefined ? undefined : mebibytesOf(this.MEMORY_LIMIT);
    const overBudget = limitMib === undefined ? undefined : budgetProblem(this.memoryBudget, limitMib);
    if (overBudget) problems.push(`MEMORY_LIMIT (${this.MEMORY_LIMIT}): ${overBudget}`);
    return problems;
  }
}

export const RENDER_ENV_DEFAULTS = { PORT: '3002', EMBEDDED_DATABASE_DIR: '.data/render' };
