import { Redis } from 'ioredis';

import { TEST_REDIS_URL as REDIS_URL } from '@portal/testing';

import { answerWithin, RedisTimeoutError } from './redis-deadline';

/** Holds the event loop, as a long synchronous task or a starved CPU does. */
function blockEventLoop(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until);
}

describe(answerWithin.name, () => {
  it('answers what the command answers in time, and fails as it fails', async () => {
    await expect(answerWithin(Promise.resolve('PONG'), 50)).resolves.toBe('PONG');
    const refused = new Error('connect ECONNREFUSED');
    await expect(answerWithin(Promise.reject(refused), 50)).rejects.toBe(refused);
  });

  it('fails with a timeout that says how long it waited once no answer has come', async () => {
    const started = performance.now();
    const error = await answerWithin(new Promise(() => undefined), 50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisTimeoutError);
    expect(error).toMatchObject({ message: 'Redis did not answer within 50 ms', waitedMs: 50 });
    expect((error as RedisTimeoutError).timerLateMs).toBeGreaterThanOrEqual(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
  });

  describe('with the event loop held up past the deadline while Redis answers at once', () => {
    const clients: Redis[] = [];
    const connected = async (options: { commandTimeout?: number } = {}): Promise<Redis> => {
      const client = new Redis(REDIS_URL);
      clients.push(client);
      await client.ping();
      // Set once connected: the first ping, which waits for the connection, may take longer than
      // the timeout under test on a busy machine. ioredis reads it as each command is sent.
      if (options.commandTimeout !== undefined) client.options.commandTimeout = options.commandTimeout;
      return client;
    };

    afterAll(() => {
      for (const client of clients) client.disconnect();
    });

    it('reads the answer waiting in the socket rather than blame Redis for a late timer', async () => {
      const redis = await connected();
      const answer = answerWithin(redis.ping(), 50);
      blockEventLoop(300);
      await expect(answer).resolves.toBe('PONG');
    });

    it("where ioredis's own commandTimeout fails the command (issue 27: limits failed open, Redis up)", async () => {
      const redis = await connected({ commandTimeout: 50 });
      const answer = redis.ping();
      blockEventLoop(300);
      await expect(answer).rejects.toThrow('Command timed out');
    });

    it('tells how late its timer fired when the answer is missing all the same', async () => {
      const late = answerWithin(new Promise(() => undefined), 50).catch((caught: unknown) => caught);
      blockEventLoop(300);
      const error = (await late) as RedisTimeoutError;
      expect(error).toBeInstanceOf(RedisTimeoutError);
      expect(error.timerLateMs).toBeGreaterThanOrEqual(200);
    });
  });
});
