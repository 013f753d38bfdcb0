import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

import { currentRequestContext } from './request-context';

/**
 * pino's `isoTime` (`,"time":"2026-11-27T04:10:12.345Z"`), the same text, with the date written
 * once per second: Date#toISOString took microseconds, and a service logs a line per request.
 */
export function isoTimestamp(now: number = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== timestampSecond) {
    timestampSecond = second;
    // `YYYY-MM-DDTHH:mm:ss.` of the second; years 0 to 9999, as toISOString writes them.
    timestampPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millisecond = now - second * 1000;
  return `,"time":"${timestampPrefix}${millisecond < 10 ? '00' : millisecond < 100 ? '0' : ''}${millisecond}Z"`;
}

let timestampSecond = Number.NaN;
let timestampPrefix = '';

/** Structured JSON logs; every line written while a request runs carries its correlation id. */
export function createLogger(
  service: string,
  level: LevelWithSilent = 'info',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: () => isoTimestamp(),
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const context = currentRequestContext();
      if (!context) return {};
      return context.traceId === undefined
        ? { correlationId: context.correlationId }
        : { correlationId: context.correlationId, traceId: context.traceId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Nest's own start-up narration (`Mapped {/demo/v10-0/profiles, GET} route`, one line per route:
 * 261 of them on `npm start`; `... dependencies initialized`; `Starting Nest application...`):
 * what an operator needs only to debug the framework, so written at debug level, where
 * LOG_LEVEL=debug shows it. Its warnings and errors keep their level.
 */
export const NEST_START_UP_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger interface on top of pino, so framework and application logs share one format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write(
      context !== undefined && NEST_START_UP_CONTEXTS.has(context) ? 'debug' : 'info',
      message,
      context,
    );
  }

  error(message: unknown, ...rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    this.write('error', message, context);
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal',
    message: unknown,
    context?: string,
  ): void {
    if (message !== null && typeof message === 'object') this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}
