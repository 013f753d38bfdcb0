import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { RoundLease, ServiceLifecycle } from '@portal/service-runtime';

/** How often the round looks for expired jobs. */
export const CLEANUP_INTERVAL_MS = 5 * 60_000;
/** The round's name in its lease (RoundLease): one replica per interval. */
export const CLEANUP_ROUND = 'render-job-cleanup';
/** Rows one statement deletes (or empties), so that each stays well within the statement timeout. */
const ROWS_PER_STATEMENT = 500;

/**
 * Deletes render jobs past their time (RENDER_JOB_RESULT_TTL after they finished, a week for one
 * that never did) with their items, and the documents of results deleted by DELETE. A round runs
 * every CLEANUP_INTERVAL_MS on the one replica that takes the interval's lease, in statements of a
 * few hundred rows; rounds are idempotent, so two replicas running one at once (a lease taken while
 * Redis was away) only share the work.
 */
@Injectable()
export class JobCleanup implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobCleanup.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lifecycle: ServiceLifecycle,
    private readonly lease: RoundLease,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), CLEANUP_INTERVAL_MS);
    this.timer.unref();
    this.lifecycle.onStopping(async () => {
      clearInterval(this.timer);
      await this.running;
    });
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.leasedRound()
      .then((deleted) => {
        if (deleted.jobs + deleted.results > 0)
          this.logger.log({ msg: 'render jobs cleaned up', ...deleted });
      })
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'render job cleanup failed', err: (error as Error).message }),
      )
      .finally(() => (this.running = undefined));
  }

  /** A round if this replica takes the interval's lease; the others' ticks do nothing. */
  private async leasedRound(): Promise<{ jobs: number; results: number }> {
    if (!(await this.lease.tryAcquire(CLEANUP_ROUND, CLEANUP_INTERVAL_MS))) return { jobs: 0, results: 0 };
    return this.round();
  }

  /** One round: the expired jobs deleted, the deleted results' documents dropped. */
  async round(): Promise<{ jobs: number; results: number }> {
    let jobs = 0;
    for (;;) {
      const [expired] = await this.dataSource.query<Array<{ id: string }>>(
        `SELECT id FROM render_job WHERE expires_at <= now() LIMIT 1`,
      );
      if (!expired) break;
      await this.inBatches(
        `DELETE FROM render_job_item WHERE ctid IN (SELECT ctid FROM render_job_item WHERE job_id = $1 LIMIT ${ROWS_PER_STATEMENT})`,
        [expired.id],
      );
      await this.dataSource.query(`DELETE FROM render_job WHERE id = $1`, [expired.id]);
      jobs += 1;
    }
    const results = await this.inBatches(
      `UPDATE render_job_item SET output = NULL WHERE ctid IN (
         SELECT item.ctid FROM render_job_item item JOIN render_job job ON job.id = item.job_id
         WHERE job.result_deleted AND item.output IS NOT NULL LIMIT ${ROWS_PER_STATEMENT})`,
      [],
    );
    return { jobs, results };
  }

  /** Runs a statement that affects at most ROWS_PER_STATEMENT rows until it affects none. */
  private async inBatches(sql: string, parameters: unknown[]): Promise<number> {
    let total = 0;
    for (;;) {
      const [, affected] = await this.dataSource.query<[unknown, number]>(sql, parameters);
      total += affected;
      if (affected < ROWS_PER_STATEMENT) return total;
    }
  }
}
