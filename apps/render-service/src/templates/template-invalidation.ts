import { EventEmitter } from 'node:events';

import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

import {
  answerWithin,
  REDIS_WARNING_INTERVAL_MS,
  reportRedisErrors,
  ThrottledWarnings,
  warnOfRedisTrouble,
} from '@portal/service-runtime';

/** Nest token of the TemplateInvalidation in use. */
export const TEMPLATE_INVALIDATION = Symbol('TemplateInvalidation');

/** `null`: forget every template (a replica that may have missed messages). */
export type InvalidationListener = (name: string | null) => void;

/**
 * Tells every replica that a template was saved or deleted, so that none renders from a stale
 * copy. With REDIS_URL: Redis pub/sub; without: the same within this process.
 */
export interface TemplateInvalidation {
  publish(name: string): Promise<void>;
  subscribe(listener: InvalidationListener): void;
  /** Resolves once this replica hears invalidations. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** How long a save may wait for its invalidation to be published before it answers without. */
const PUBLISH_TIMEOUT_MS = 500;

// Every app instance of this process shares it, as replicas share a Redis channel.
const localBus = new EventEmitter().setMaxListeners(0);

export class LocalTemplateInvalidation implements TemplateInvalidation {
  private readonly listeners: Array<(name: string) => void> = [];

  constructor(private readonly channel: string) {}

  publish(name: string): Promise<void> {
    localBus.emit(this.channel, name);
    return Promise.resolve();
  }

  subscribe(listener: InvalidationListener): void {
    this.listeners.push(listener);
    localBus.on(this.channel, listener);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    for (const listener of this.listeners) localBus.off(this.channel, listener);
    return Promise.resolve();
  }
}

export class RedisTemplateInvalidation implements TemplateInvalidation {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners: InvalidationListener[] = [];
  private readonly subscribed: Promise<void>;
  private readonly logger = new Logger('TemplateInvalidation');
  /** Both connections' errors and every failed publish: one line per 30 s while Redis is down. */
  private readonly warnings: ThrottledWarnings;

  constructor(
    url: string,
    private readonly channel: string,
    /** Tests shorten it; the service keeps 30 s. */
    warningIntervalMs = REDIS_WARNING_INTERVAL_MS,
  ) {
    this.warnings = new ThrottledWarnings(
      (fields, message) => this.logger.warn({ msg: message, ...fields }),
      warningIntervalMs,
    );
    // A save must not wait for Redis to come back: it is committed, and replicas re-read
    // everything when their subscription is restored.
    this.publisher = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    this.subscriber = new Redis(url, { lazyConnect: false });
    reportRedisErrors([this.publisher, this.subscriber], this.warnings, {
      meanwhile: 'template invalidation: replicas re-read every template once it is back',
    });
    this.subscriber.on('message', (received: string, name: string) => {
      if (received === this.channel) this.notify(name);
    });
    let markSubscribed: () => void = () => undefined;
    this.subscribed = new Promise((resolve) => (markSubscribed = resolve));
    // Messages sent while the subscription was down are lost: forget everything on (re)subscribe.
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          markSubscribed();
          this.notify(null);
        },
        (error: Error) =>
          warnOfRedisTrouble(
            this.warnings,
            error,
            'template invalidation not subscribed: this replica hears no saves until it resubscribes',
          ),
      );
    });
  }

  async publish(name: string): Promise<void> {
    try {
      await answerWithin(this.publisher.publish(this.channel, name), PUBLISH_TIMEOUT_MS);
    } catch (error) {
      warnOfRedisTrouble(
        this.warnings,
        error,
        'template invalidation not published: other replicas catch up within the cache lifetime',
        { template: name },
      );
    }
  }

  subscribe(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  /** Once subscribed (or after the timeout: Redis may be down), so a ready replica hears later saves. */
  async ready(timeoutMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.subscribed, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private notify(name: string | null): void {
    for (const listener of this.listeners) listener(name);
  }
}
