import { randomBytes } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

import { waitUntil } from '@portal/testing';

import { CALLBACK_HOST, type CallbackReceiver, startCallbackReceiver } from './callback-receiver';
import { type RenderService, startRenderService, TENANT_PATH } from './render-test-app';

const JOBS = `${TENANT_PATH}/render-jobs`;
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const LETTER = { inputFormat: 'txt', outputFormat: 'pdf', templateData: 'Guten Tag {{name}}' };

describe('render job callbacks (HTTP, a local HTTPS receiver, real PostgreSQL)', () => {
  let receiver: CallbackReceiver;
  let service: RenderService;

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    service = await startRenderService(
      'render_job_callbacks',
      { RENDER_WORKERS: '3', RENDER_CALLBACK_HOSTS: receiver.host, RENDER_CALLBACK_SECRET: SECRET },
      // The receiver's own certificate authority, and its name on loopback (never public).
      {
        callbacks: {
          ca: receiver.ca,
          resolve: (hostname) => Promise.resolve(hostname === CALLBACK_HOST ? ['127.0.0.1'] : []),
          allowAddress: (address) => address === '127.0.0.1',
        },
      },
    );
  });

  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });

  const jobOf = async (id: string) => (await service.renderer.get<Record<string, any>>(`${JOBS}/${id}`)).body;

  it("POSTs a finished job's outcome to its callbackUrl, signed as Standard Webhooks sign, with the creating request's traceparent", async () => {
    const created = await service.renderer.post<Record<string, any>>(
      JOBS,
      { ...LETTER, items: [{ name: 'Anna' }, { name: 'Beat' }], callbackUrl: receiver.url('/jobs/done') },
      { headers: { traceparent: TRACEPARENT } },
    );
    expect(created.status).toBe(202);
    expect(created.body.callback).toEqual({ state: 'pending', attempts: 0, outcome: null });
    await waitUntil(
      () => receiver.received.some((callback) => callback.path === '/jobs/done'),
      'the callback arrives',
    );
    const callback = receiver.received.find((arrived) => arrived.path === '/jobs/done');
    expect(callback?.method).toBe('POST');
    expect(callback?.headers['traceparent']).toBe(TRACEPARENT);
    expect(callback?.headers['content-type']).toBe('application/json');
    // Verified as any receiver verifies it: with the reference library and the shared secret.
    const verified = new Webhook(SECRET).verify(callback?.body ?? '', {
      'webhook-id': String(callback?.headers['webhook-id']),
      'webhook-timestamp': String(callback?.headers['webhook-timestamp']),
      'webhook-signature': String(callback?.headers['webhook-signature']),
    }) as Record<string, any>;
    expect(verified).toMatchObject({
      type: 'render-job.succeeded',
      data: { id: created.body.id, state: 'succeeded', counts: { total: 2, done: 2, failed: 0 } },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(callback?.body ?? '', {
        'webhook-id': String(callback?.headers['webhook-id']),
        'webhook-timestamp': String(callback?.headers['webhook-timestamp']),
        'webhook-signature': String(callback?.headers['webhook-signature']),
      }),
    ).toThrow();
    await waitUntil(
      async () => (await jobOf(created.body.id)).callback.state === 'delivered',
      'it is recorded',
    );
    expect((await jobOf(created.body.id)).callback).toEqual({
      state: 'delivered',
      attempts: 1,
      outcome: 'answered 204',
    });
  });

  it('tries a 503 again with the same webhook-id, and never a 4xx', async () => {
    let failures = 1;
    receiver.route('/jobs/flaky', (_callback, response) => {
      if (failures-- > 0) response.writeHead(503, { 'retry-after': '1' }).end();
      else response.writeHead(200).end();
    });
    receiver.route('/jobs/refusing', (_callback, response) => response.writeHead(410).end());
    const flaky = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: [{ name: 'Carla' }],
      callbackUrl: receiver.url('/jobs/flaky'),
    });
    const refusing = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: [{ name: 'Dario' }],
      callbackUrl: receiver.url('/jobs/refusing'),
    });
    // The first retry waits about 10 s (less a fifth at most).
    await waitUntil(
      async () => (await jobOf(flaky.body.id)).callback.state === 'delivered',
      'delivered at last',
      25_000,
    );
    const attempts = receiver.received.filter((callback) => callback.path === '/jobs/flaky');
    expect(attempts).toHaveLength(2);
    expect(attempts[1].headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    expect((await jobOf(flaky.body.id)).callback).toMatchObject({ state: 'delivered', attempts: 2 });
    await waitUntil(async () => (await jobOf(refusing.body.id)).callback.state === 'failed', 'given up');
    expect((await jobOf(refusing.body.id)).callback).toEqual({
      state: 'failed',
      attempts: 1,
      outcome: 'answered 410',
    });
    expect(receiver.received.filter((callback) => callback.path === '/jobs/refusing')).toHaveLength(1);
  }, 40_000);

  it('refuses a callbackUrl over http, or on a host not in RENDER_CALLBACK_HOSTS, before accepting the job', async () => {
    for (const callbackUrl of [
      receiver.url('/x').replace('https:', 'http:'),
      'https://callbacks.example.com/x',
      receiver.url('/x').replace(`${CALLBACK_HOST}:`, 'user:secret@callbacks.test:'),
    ]) {
      const refused = await service.renderer.post<Record<string, any>>(JOBS, {
        ...LETTER,
        items: [{}],
        callbackUrl,
      });
      expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([400, ['callbackUrl']]);
    }
  });
});
