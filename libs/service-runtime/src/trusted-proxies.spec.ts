import Fastify from 'fastify';

import { loadEnv } from '@portal/env';

import { trustedProxiesOf } from './create-service-app';
import { ServiceEnvironment } from './service-environment';

/** The client address a request gets under the default TRUSTED_PROXIES, sent from `remoteAddress`. */
async function clientAddress(remoteAddress: string, forwardedFor: string, proxies: string): Promise<string> {
  const fastify = Fastify({ trustProxy: trustedProxiesOf(proxies) });
  fastify.get('/', (request) => ({ ip: request.ip }));
  const response = await fastify.inject({
    url: '/',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await fastify.close();
  return response.json<{ ip: string }>().ip;
}

describe('TRUSTED_PROXIES', () => {
  const defaults = loadEnv(ServiceEnvironment, {}, { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' });

  it('believes X-Forwarded-For from a proxy on a private or loopback address by default', async () => {
    expect(await clientAddress('10.42.0.7', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('203.0.113.9');
    expect(await clientAddress('127.0.0.1', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('203.0.113.9');
  });

  // A caller on a public address that names another one would escape its rate limit.
  it('ignores X-Forwarded-For from a public address', async () => {
    expect(await clientAddress('198.51.100.4', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('198.51.100.4');
  });

  it('believes none when empty, and takes CIDRs', async () => {
    expect(await clientAddress('10.42.0.7', '203.0.113.9', '')).toBe('10.42.0.7');
    expect(await clientAddress('192.0.2.10', '203.0.113.9', '192.0.2.0/24')).toBe('203.0.113.9');
  });

  it('refuses a value that is not a list of addresses', () => {
    expect(() =>
      loadEnv(
        ServiceEnvironment,
        { TRUSTED_PROXIES: 'everyone' },
        { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' },
      ),
    ).toThrow(/TRUSTED_PROXIES/);
  });
});
