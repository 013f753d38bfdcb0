import type { DataSource } from 'typeorm';

import type { ProfileEnvironment } from '../profile-environment';
import { ReachReconciler } from './reach-reconciler';

describe('ReachReconciler timer', () => {
  afterEach(() => jest.useRealTimers());

  const reconcilerEvery = (intervalMs: number) => {
    const transaction = jest.fn().mockResolvedValue({ ran: false });
    const reconciler = new ReachReconciler(
      { transaction } as Partial<DataSource> as DataSource,
      { REACH_RECONCILE_INTERVAL_MS: intervalMs } as ProfileEnvironment,
    );
    return { reconciler, transaction };
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
});
