import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { ProfileEnvironment } from '../profile-environment';
import { onServiceReachChanged } from './reach-changes';
import { DUE_PROFILES_SQL, type DueWindow, dueWindow } from './reach-due';
import { queryNamed } from './reach';

/** The advisory lock a reconciliation holds for its transaction: one replica at a time. */
export const RECONCILER_LOCK = 'profile-service:reach-reconciler';

/** What one reconciliation did: nothing when another replica held the lock. */
export type Reconciliation =
  | { readonly ran: false }
  | { readonly ran: true; readonly window: DueWindow; readonly profileIds: readonly number[] };

/**
 * A role whose start lay ahead when written grants nothing until then (contract 9); at its start
 * it grants without any write: every `REACH_RECONCILE_INTERVAL_MS` one replica (the one that
 * gets the advisory lock; the others skip) applies the roles whose start passed since the last
 * reconciliation, through the same `onServiceReachChanged` as every write, in one transaction
 * with the mark it moves. The profile's own services need nothing: they are read with the rule.
 */
@Injectable()
export class ReachReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReachReconciler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: ProfileEnvironment,
  ) {}

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

  /** One reconciliation now, unless another is still running here. */
  private tick(): void {
    if (this.running) return;
    this.running = this.reconcile()
      .then((done) => {
        if (done.ran && done.profileIds.length > 0)
          this.logger.log({ msg: 'roles reached their start', profiles: done.profileIds.length });
      })
      .catch((error: unknown) => this.logger.error({ msg: 'reach reconciliation failed', err: error }))
      .finally(() => (this.running = undefined));
  }

  /** Applies the due role starts up to `now`, once across replicas. */
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
