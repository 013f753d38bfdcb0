import { Logger } from '@nestjs/common';

import { ServiceLifecycle } from '@portal/service-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing';

import { CALLBACK_QUEUE, ITEM_QUEUE, JobQueues } from './job-queues';

describe('JobQueues on the PostgreSQL backend (real database)', () => {
  let database: TestDatabase;
  let queues: JobQueues;

  beforeAll(async () => {
    database = await createTestDatabase('job_queues');
    queues = new JobQueues(
      { databaseUrl: database.url, prefix: 'render-jobs:spec', lockMs: 30_000 },
      new ServiceLifecycle(),
    );
  });

  afterAll(async () => {
    await queues?.onModuleDestroy();
    await database?.drop();
  });

  it("writes a queue's errors as the service's warnings, one line per queue and interval, never as a console dump", () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ended = new Error('terminating connection due to administrator command');
    queues.items.emit('error', ended);
    queues.items.emit('error', ended);
    queues.callbacks.emit('error', ended);
    expect(consoleError).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([
      [{ msg: `${ITEM_QUEUE}: terminating connection due to administrator command` }],
      [{ msg: `${CALLBACK_QUEUE}: terminating connection due to administrator command` }],
    ]);
  });
});
