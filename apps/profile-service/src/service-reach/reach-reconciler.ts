import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter } from 'prom-client';
import type { DataSource } from 'typeorm';

import { MetricsRegistry, RoundLease } from '@portal/service-runtime';

import { ProfileEnvironment } from '../profile-environment';
import { onServiceReachChanged } from './reach-changes';
import { DUE_PROFILES_SQL, type DueWindow, dueWindow } from './reach-due';
import { queryNamed } from './reach';

/** The round's name in its lease (RoundLease): one replica per interval. */
export const RECONCILER_ROUND = 'reach-reconciler';

/** The advisory lock a reconciliation holds for its transaction: one at a time, never two overlapping. */
export const RECONCILER_LOCK = 'profile-service:reach-reconciler';

/** What one reconciliation did: nothing when another replica held the lock. */
export type Reconciliation =
  | { readonly ran: false }
  | { readonly ran: true; readonly window: DueWindow; readonly profileIds: readonly number[] };

/**
 * A role whose start lay ahead when written grants nothing until then (contract 9); at its start
 * it grants without any write: every `REACH_RECONCILE_INTERVAL_MS` each replica's timer ticks, and
 * the one replica that takes the round's lease for that interval (RoundLease) applies the roles
 * whose start passed since the last reconciliation, through the same `onServiceReachChanged` as
 * every write, in one transaction with the mark it moves. The transaction's advisory lock keeps
 * two rounds from overlapping (a slow round, a lease taken while Redis was away). The profile's
 * own services need nothing: they are read with the rule.
 */
@Injectable()
export class ReachReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReachReconciler.name);
  private readonly rounds: Counter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: ProfileEnvironment,
    private readonly lease: RoundLease,
    metrics: MetricsRegistry,
  ) {
    this.rounds = new Counter({
      name: 'reach_reconciliations_total',
      help: 'Rounds of the reach reconciler this replica ran to their commit (one replica per interval).',
      registers: [metrics],
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.env.REACH_RECONCILE_INTERVAL_MS);
    // The timer alone must not keep a process alive (a CLI, a test) that is otherwise done.
    this.timer.unref();
  }

  /** Stops the timer and lets a reconciliation under way commit before the database closes. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round now, unless another is still running here. */
  private tick(): void {
    if (this.running) return;
    this.running = this.round()
      .catch((error: unknown) => this.logger.error({ msg: 'reach reconciliation failed', err: error }))
      .finally(() => (this.running = undefined));
  }

  /** Reconciles if this replica takes the interval's lease; the others' ticks do nothing. */
  private async round(): Promise<void> {
    if (!(await this.lease.tryAcquire(RECONCILER_ROUND, this.env.REACH_RECONCILE_INTERVAL_MS))) return;
    // Debug only: a round runs every interval, and finds a role again for the five minutes of
    // LATE_COMMIT_MARGIN_MS after its start (issue 27 saw one role start logged ten times).
    this.logger.debug({ msg: 'reach reconciliation round' });
    const done = await this.reconcile();
    if (!done.ran) return;
    this.rounds.inc();
    if (done.profileIds.length > 0)
      this.logger.debug({ msg: 'roles reached their start', profiles: done.profileIds.length });
  }

  /** Applies the due role starts up to `now`, unless another reconciliation holds the lock. */
  reconcile(now: Date = new Date()): Promise<Reconciliation> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query<{ locked: boolean }[]>(
        'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
        [RECONCILER_LOCK],
      );
      if (!locked) return { ran: false };
      const [mark] = await manager.query<{ reconciledUntil: Date }[]>(
        'SELECT reconciled_until AS "reconciledUntil" FROM reach_reconciliation WHERE id = 1',
      );
      const window = dueWindow(mark.reconciledUntil, now);
      const due = await queryNamed<{ profileId: number }>(manager, {
        sql: DUE_PROFILES_SQL,
        parameters: { dueAfter: window.after, dueUpTo: window.upTo },
      });
      const profileIds = due.map((row) => row.profileId);
      if (profileIds.length > 0) await onServiceReachChanged(manager, { kind: 'profileRoles', profileIds });
      await manager.query('UPDATE reach_reconciliation SET reconciled_until = $1 WHERE id = 1', [
        window.upTo,
      ]);
      return { ran: true, window, profileIds };
    });
  }
}
