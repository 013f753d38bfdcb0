import { Webhook } from 'standardwebhooks';

import { callbackKeyOf } from '../../render-environment';
import { isCallbackMessageId, isTraceparent, signedHeaders } from './callback-signature';

const SECRET = `whsec_${Buffer.from('a key of thirty-two bytes, here!').toString('base64')}`;

describe(signedHeaders.name, () => {
  const key = callbackKeyOf(SECRET) as Buffer;
  const body = '{"type":"render-job.succeeded","data":{"id":"0b5c","city":"Genève"}}';

  it('signs as the reference library verifies, and as it signs', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(key, 'msg_0b5c-1', now, body);
    expect(headers['webhook-id']).toBe('msg_0b5c-1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toBe(
      new Webhook(SECRET).sign('msg_0b5c-1', new Date(now * 1000), body),
    );
  });

  it('signs the body byte for byte, the id and the timestamp with it', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(key, 'msg_1', now, body);
    const verify = (changed: Partial<typeof headers>, sent = body): unknown =>
      new Webhook(SECRET).verify(sent, { ...headers, ...changed });
    expect(() => verify({}, body.replace('Genève', 'Geneve'))).toThrow('No matching signature found');
    expect(() => verify({ 'webhook-id': 'msg_2' })).toThrow('No matching signature found');
    expect(() => verify({ 'webhook-timestamp': String(now - 1) })).toThrow('No matching signature found');
    const otherKey = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(() => new Webhook(otherKey).verify(body, headers)).toThrow('No matching signature found');
  });

  it('writes whole seconds', () => {
    expect(signedHeaders(key, 'msg_1', 1_767_225_600.987, body)['webhook-timestamp']).toBe('1767225600');
  });

  it.each([
    ['empty', ''],
    ['with a full stop', 'msg.1'],
    ['with a blank', 'msg 1'],
    ['with a slash', 'msg/1'],
    ['with a letter outside ASCII', 'msgé'],
    ['of 129 characters', 'm'.repeat(129)],
  ])('refuses a message id %s', (_case, id) => {
    expect(isCallbackMessageId(id)).toBe(false);
    expect(() => signedHeaders(key, id, 0, body)).toThrow(RangeError);
  });
});

describe(callbackKeyOf.name, () => {
  it('reads the key of a whsec_ secret of 24 to 64 bytes', () => {
    expect(callbackKeyOf(SECRET)?.toString()).toBe('a key of thirty-two bytes, here!');
    expect(callbackKeyOf(`whsec_${Buffer.alloc(24, 9).toString('base64')}`)).toEqual(Buffer.alloc(24, 9));
    expect(callbackKeyOf(`whsec_${Buffer.alloc(64, 9).toString('base64')}`)).toEqual(Buffer.alloc(64, 9));
  });

  it.each([
    ['no prefix', Buffer.alloc(32, 9).toString('base64')],
    ['23 bytes', `whsec_${Buffer.alloc(23, 9).toString('base64')}`],
    ['65 bytes', `whsec_${Buffer.alloc(65, 9).toString('base64')}`],
    ['a character outside base64', `whsec_${Buffer.alloc(32, 9).toString('base64').replace('C', '.')}`],
    ['missing padding', `whsec_${Buffer.alloc(32, 9).toString('base64').replace(/=+$/, '')}`],
    ['blanks', ` whsec_${Buffer.alloc(32, 9).toString('base64')}`],
  ])('refuses a secret with %s', (_case, secret) => {
    expect(callbackKeyOf(secret)).toBeUndefined();
  });
});

describe(isTraceparent.name, () => {
  it('takes a version 00 traceparent', () => {
    expect(isTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(true);
    expect(isTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')).toBe(true);
  });

  it.each([
    ['upper-case hex', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'],
    ['an all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['an all-zero parent id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['another version', '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['version ff', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01'],
    ['more after the flags', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra'],
    ['a header injected', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\r\nx-evil: 1'],
    ['nothing', ''],
  ])('refuses %s', (_case, value) => {
    expect(isTraceparent(value)).toBe(false);
  });
});
