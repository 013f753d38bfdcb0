import type { DataSource } from 'typeorm';

import { LocalRoundLease, MetricsRegistry, type RoundLease } from '@portal/service-runtime';

import type { ProfileEnvironment } from '../profile-environment';
import { ReachReconciler, RECONCILER_ROUND } from './reach-reconciler';

describe('ReachReconciler timer', () => {
  afterEach(() => jest.useRealTimers());

  const reconcilerEvery = (
    intervalMs: number,
    // The fake timers' clock: Date.now is faked with them.
    lease: RoundLease = new LocalRoundLease(() => Date.now()),
  ) => {
    const transaction = jest.fn().mockResolvedValue({ ran: false });
    const metrics = new MetricsRegistry('profile-service');
    const reconciler = new ReachReconciler(
      { transaction } as Partial<DataSource> as DataSource,
      { REACH_RECONCILE_INTERVAL_MS: intervalMs } as ProfileEnvironment,
      lease,
      metrics,
    );
    const roundsRun = async (): Promise<number> =>
      (await metrics.getSingleMetric('reach_reconciliations_total')?.get())?.values[0]?.value ?? 0;
    return { reconciler, transaction, roundsRun };
  };

  it('reconciles every REACH_RECONCILE_INTERVAL_MS from bootstrap, and never after the app closes', async () => {
    jest.useFakeTimers();
    const { reconciler, transaction } = reconcilerEvery(60_000);
    reconciler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(transaction).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(transaction).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(transaction).toHaveBeenCalledTimes(2);
    await reconciler.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(transaction).toHaveBeenCalledTimes(2);
  });

  it('starts no round while one is still running here, and lets it finish before the app closes', async () => {
    jest.useFakeTimers();
    let finish: (value: unknown) => void = () => undefined;
    const { reconciler, transaction } = reconcilerEvery(1000);
    transaction.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    reconciler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(transaction).toHaveBeenCalledTimes(1);
    let closed = false;
    const closing = reconciler.onModuleDestroy().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    finish({ ran: false });
    await closing;
    expect(closed).toBe(true);
  });

  it("runs a round only on the ticks whose interval's lease it takes, and counts the rounds run to their commit", async () => {
    jest.useFakeTimers();
    const granted = [true, false, true, true];
    const lease = {
      tryAcquire: jest.fn((_round: string, _intervalMs: number) => Promise.resolve(granted.shift() ?? false)),
      onApplicationShutdown: () => Promise.resolve(),
    };
    const { reconciler, transaction, roundsRun } = reconcilerEvery(1000, lease);
    const ran = { ran: true, window: { after: new Date(0), upTo: new Date(0) }, profileIds: [7] };
    transaction.mockResolvedValueOnce(ran).mockResolvedValueOnce({ ran: false }).mockResolvedValueOnce(ran);
    reconciler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(lease.tryAcquire.mock.calls).toEqual(Array.from({ length: 5 }, () => [RECONCILER_ROUND, 1000]));
    // Ticks 1, 3 and 4 took the lease; the 3rd found another reconciliation holding the lock.
    expect(transaction).toHaveBeenCalledTimes(3);
    expect(await roundsRun()).toBe(2);
    await reconciler.onModuleDestroy();
  });
});
