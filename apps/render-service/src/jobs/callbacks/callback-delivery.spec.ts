import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';

import { Webhook } from 'standardwebhooks';

import { CALLBACK_HOST, type CallbackReceiver, startCallbackReceiver } from '../../../test/callback-receiver';
import {
  CALLBACK_USER_AGENT,
  type CallbackDeliveryOptions,
  type CallbackMessage,
  type CallbackOutcome,
  deliverCallback,
} from './callback-delivery';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const BODY = JSON.stringify({
  type: 'render-job.succeeded',
  data: { id: '6f1d2a4e-9c1b-4f0e-8a57-2b4c1e0d9f3a', state: 'succeeded', owner: 'Zoë Müller, Genève' },
});
const HUGE_BYTES = 64 * 1024 * 1024;

describe(deliverCallback.name, () => {
  let receiver: CallbackReceiver;
  /** How the receiver's write of the huge answer ended: settled when its connection closes. */
  let hugeAnswer: Promise<{ finished: boolean; sent: number }>;

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    const answer =
      (status: number, headers: Record<string, string> = {}, body = '') =>
      (_callback: unknown, response: ServerResponse): void => {
        response.writeHead(status, headers).end(body);
      };
    receiver.route('/ok', answer(200, { 'content-type': 'application/json' }, '{"received":true}'));
    receiver.route('/no-content', answer(204));
    receiver.route('/moved', answer(301, { location: '/ok' }));
    receiver.route('/moved-away', answer(308, { location: 'https://169.254.169.254/latest/meta-data/' }));
    receiver.route(
      '/bad-request',
      answer(400, { 'content-type': 'text/plain' }, 'stack trace: db password=hunter2'),
    );
    receiver.route('/not-found', answer(404));
    receiver.route('/gone', answer(410));
    receiver.route('/busy', answer(429, { 'retry-after': '30' }));
    receiver.route('/busy-until', answer(503, { 'retry-after': 'Sat, 28 Nov 2026 10:02:00 GMT' }));
    receiver.route('/busy-nonsense', answer(503, { 'retry-after': 'soon' }));
    receiver.route('/error', answer(500, { 'content-type': 'text/plain' }, 'internal error at line 42'));
    receiver.route('/unavailable', answer(503));
    receiver.route('/silent', () => {
      // Never answers: the deadline must end the attempt.
    });
    receiver.route('/huge', (_callback, response) => {
      hugeAnswer = new Promise((resolve) => {
        let sent = 0;
        response.once('close', () => resolve({ finished: response.writableFinished, sent }));
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = (): void => {
          while (sent < HUGE_BYTES && response.write(chunk)) sent += chunk.length;
          if (sent < HUGE_BYTES) response.once('drain', pump);
          else response.end();
        };
        pump();
      });
    });
  });

  afterAll(() => receiver.close());

  beforeEach(() => {
    receiver.received.length = 0;
  });

  /** A delivery as a deployment makes it, but for the receiver's CA and name (and, unless said, loopback). */
  const deliver = (
    path: string,
    message: Partial<CallbackMessage> = {},
    options: Partial<CallbackDeliveryOptions> & { loopbackAllowed?: boolean } = {},
  ): Promise<CallbackOutcome> =>
    deliverCallback(
      { id: 'msg_6f1d2a4e-9c1b', url: receiver.url(path), body: BODY, traceparent: TRACEPARENT, ...message },
      {
        hosts: [receiver.host],
        secret: SECRET,
        ca: receiver.ca,
        resolve: (hostname) => Promise.resolve(hostname === CALLBACK_HOST ? ['127.0.0.1'] : []),
        allowAddress: options.loopbackAllowed === false ? undefined : (address) => address === '127.0.0.1',
        timeoutMs: 2000,
        ...options,
      },
    );

  describe('what is sent', () => {
    it('POSTs the body as given, signed as the reference library verifies, with its headers', async () => {
      const before = Math.floor(Date.now() / 1000);
      await expect(deliver('/ok')).resolves.toEqual({
        kind: 'delivered',
        status: 200,
        reason: 'answered 200',
      });
      expect(receiver.received).toHaveLength(1);
      const [callback] = receiver.received;
      expect(callback.method).toBe('POST');
      expect(callback.path).toBe('/ok');
      expect(callback.body).toBe(BODY);
      expect(callback.headers).toMatchObject({
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(BODY)),
        'user-agent': CALLBACK_USER_AGENT,
        traceparent: TRACEPARENT,
        'webhook-id': 'msg_6f1d2a4e-9c1b',
      });
      const timestamp = Number(callback.headers['webhook-timestamp']);
      expect(Number.isInteger(timestamp)).toBe(true);
      expect(timestamp).toBeGreaterThanOrEqual(before);
      expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      expect(callback.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      const verified = new Webhook(SECRET).verify(callback.body, callback.headers as Record<string, string>);
      expect(verified).toEqual(JSON.parse(BODY));
    });

    it('keeps the message id on every attempt and signs each with its own timestamp', async () => {
      const first = Date.now();
      await deliver('/ok', {}, { now: () => first });
      await deliver('/ok', {}, { now: () => first + 60_000 });
      const [one, two] = receiver.received;
      expect(two.headers['webhook-id']).toBe(one.headers['webhook-id']);
      expect(Number(two.headers['webhook-timestamp']) - Number(one.headers['webhook-timestamp'])).toBe(60);
      expect(two.headers['webhook-signature']).not.toBe(one.headers['webhook-signature']);
      for (const callback of [one, two])
        expect(() =>
          new Webhook(SECRET).verify(callback.body, callback.headers as Record<string, string>),
        ).not.toThrow();
      const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
      expect(() => new Webhook(otherSecret).verify(one.body, one.headers as Record<string, string>)).toThrow(
        'No matching signature found',
      );
    });

    it('leaves out a traceparent that is not one, or none', async () => {
      await deliver('/ok', { traceparent: `${TRACEPARENT}\r\nx-injected: 1` });
      await deliver('/ok', { traceparent: 'not a traceparent' });
      await deliver('/ok', { traceparent: undefined });
      expect(receiver.received).toHaveLength(3);
      for (const callback of receiver.received) {
        expect(callback.headers).not.toHaveProperty('traceparent');
        expect(callback.headers).not.toHaveProperty('x-injected');
      }
    });

    it('throws on a message id or a secret that cannot be one, sending nothing', async () => {
      await expect(deliver('/ok', { id: 'msg.1' })).rejects.toThrow(RangeError);
      await expect(deliver('/ok', {}, { secret: 'whsec_c2hvcnQ=' })).rejects.toThrow(RangeError);
      expect(receiver.received).toEqual([]);
    });
  });

  describe('what its answer means', () => {
    it.each([
      ['/ok', { kind: 'delivered', status: 200, reason: 'answered 200' }],
      ['/no-content', { kind: 'delivered', status: 204, reason: 'answered 204' }],
      ['/bad-request', { kind: 'rejected', status: 400, reason: 'answered 400' }],
      ['/not-found', { kind: 'rejected', status: 404, reason: 'answered 404' }],
      ['/gone', { kind: 'rejected', status: 410, reason: 'answered 410' }],
      ['/error', { kind: 'retry', status: 500, reason: 'answered 500' }],
      ['/unavailable', { kind: 'retry', status: 503, reason: 'answered 503' }],
      ['/busy-nonsense', { kind: 'retry', status: 503, reason: 'answered 503' }],
      [
        '/busy',
        { kind: 'retry', status: 429, retryAfterSeconds: 30, reason: 'answered 429 (Retry-After 30 s)' },
      ],
    ])('%s: %j', async (path, outcome) => {
      await expect(deliver(path)).resolves.toEqual(outcome);
      expect(receiver.received.map((callback) => callback.path)).toEqual([path]);
    });

    it('reads Retry-After as an HTTP-date too, in seconds from now', async () => {
      await expect(
        deliver('/busy-until', {}, { now: () => Date.parse('2026-11-28T10:00:00Z') }),
      ).resolves.toEqual({
        kind: 'retry',
        status: 503,
        retryAfterSeconds: 120,
        reason: 'answered 503 (Retry-After 120 s)',
      });
      await expect(
        deliver('/busy-until', {}, { now: () => Date.parse('2026-11-28T11:00:00Z') }),
      ).resolves.toMatchObject({
        retryAfterSeconds: 0,
      });
    });

    it('follows no redirect, to its own host or another, and never tries it again', async () => {
      await expect(deliver('/moved')).resolves.toEqual({
        kind: 'rejected',
        status: 301,
        reason: 'answered 301, a redirect, which is not followed',
      });
      await expect(deliver('/moved-away')).resolves.toMatchObject({ kind: 'rejected', status: 308 });
      expect(receiver.received.map((callback) => callback.path)).toEqual(['/moved', '/moved-away']);
    });

    it('tries again when the connection is refused', async () => {
      const closed = createTcpServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const host = `${CALLBACK_HOST}:${port}`;
      await expect(deliver('/ok', { url: `https://${host}/ok` }, { hosts: [host] })).resolves.toEqual({
        kind: 'retry',
        reason: `could not reach ${host} (ECONNREFUSED)`,
      });
    });

    it('tries again when the name does not resolve', async () => {
      const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${CALLBACK_HOST}`), {
        code: 'ENOTFOUND',
      });
      await expect(deliver('/ok', {}, { resolve: () => Promise.reject(notFound) })).resolves.toEqual({
        kind: 'retry',
        reason: `${receiver.host} does not resolve (ENOTFOUND)`,
      });
      expect(receiver.received).toEqual([]);
    });

    it('tries again when the receiver does not answer in time', async () => {
      const started = performance.now();
      await expect(deliver('/silent', {}, { timeoutMs: 300 })).resolves.toEqual({
        kind: 'retry',
        reason: 'no answer within 300 ms',
      });
      expect(performance.now() - started).toBeLessThan(1500);
    });

    it('tries again when the certificate is not one it trusts, and sends nothing over it', async () => {
      const outcome = await deliver('/ok', {}, { ca: undefined });
      expect(outcome.kind).toBe('retry');
      expect(outcome.reason).toMatch(new RegExp(`^could not reach ${receiver.host} \\([A-Z_]+\\)$`));
      expect(receiver.received).toEqual([]);
    });

    it('reads no more than 64 KiB of an answer, and closes the connection', async () => {
      const started = performance.now();
      await expect(deliver('/huge')).resolves.toEqual({
        kind: 'delivered',
        status: 200,
        reason: 'answered 200',
      });
      expect(performance.now() - started).toBeLessThan(1500);
      const { finished, sent } = await hugeAnswer;
      expect(finished).toBe(false);
      expect(sent).toBeLessThan(HUGE_BYTES);
    });
  });

  describe('where it goes: https to a listed host on a public address only', () => {
    it.each([
      [
        'http',
        (port: number) => `http://${CALLBACK_HOST}:${port}/ok`,
        'callbackUrl must be an https URL, not http',
      ],
      [
        'a host not listed',
        (port: number) => `https://unlisted.test:${port}/ok`,
        `callbackUrl is on unlisted.test:PORT, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)`,
      ],
      [
        'the listed name on another port',
        () => `https://${CALLBACK_HOST}/ok`,
        `callbackUrl is on ${CALLBACK_HOST}, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)`,
      ],
      [
        'credentials',
        (port: number) => `https://render:secret@${CALLBACK_HOST}:${port}/ok`,
        'callbackUrl may not carry credentials',
      ],
    ])('refuses %s, without a request', async (_case, url, reason) => {
      await expect(deliver('/ok', { url: url(receiver.port) })).resolves.toEqual({
        kind: 'rejected',
        reason: reason.replace('PORT', String(receiver.port)),
      });
      expect(receiver.received).toEqual([]);
    });

    it('refuses a listed name that resolves to loopback, a private or a link-local address, without connecting', async () => {
      for (const addresses of [
        ['127.0.0.1'],
        ['10.0.0.7'],
        ['169.254.169.254'],
        ['::1'],
        ['93.184.216.34', '192.168.1.1'],
      ]) {
        await expect(
          deliver('/ok', {}, { loopbackAllowed: false, resolve: () => Promise.resolve(addresses) }),
        ).resolves.toEqual({
          kind: 'rejected',
          reason: `${receiver.host} resolves to an address that is not public`,
        });
      }
      // The system's resolver and no test seam: localhost and 127.0.0.1 are loopback, also when listed.
      const listed = [`localhost:${receiver.port}`, `127.0.0.1:${receiver.port}`];
      for (const host of listed) {
        await expect(
          deliverCallback(
            { id: 'msg_1', url: `https://${host}/ok`, body: BODY },
            { hosts: listed, secret: SECRET },
          ),
        ).resolves.toEqual({ kind: 'rejected', reason: `${host} resolves to an address that is not public` });
      }
      expect(receiver.received).toEqual([]);
    });

    it('connects to the address it checked, not to a second resolution', async () => {
      let resolutions = 0;
      await expect(
        deliver(
          '/ok',
          {},
          { resolve: () => Promise.resolve(resolutions++ === 0 ? ['127.0.0.1'] : ['10.0.0.1']) },
        ),
      ).resolves.toMatchObject({ kind: 'delivered' });
      expect(resolutions).toBe(1);
    });
  });
});
