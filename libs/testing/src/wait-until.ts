import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits for a state rather than for a time: checks `condition` every few milliseconds until it
 * holds. The limit only ends a test that would otherwise hang, naming the state it waited for
 * (below Jest's own test timeout, so that this message is the one reported).
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 20_000,
): Promise<void> {
  const giveUp = performance.now() + limitMs;
  while (!(await condition())) {
    if (performance.now() > giveUp) throw new Error(`Gave up waiting until ${what}.`);
    await sleep(5);
  }
}
