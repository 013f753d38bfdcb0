import Fastify from 'fastify';

import { loadEnv } from '@portal/env';

import { trustedProxiesOf } from './trusted-proxies';
import { ServiceEnvironment } from './service-environment';

/** The client address a request gets under TRUSTED_PROXIES `proxies`, sent from `remoteAddress`. */
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

  // Any pod of a cluster speaks from a private address: believed, it would name another address
  // to escape its rate limit. Only the proxies a deployment names are believed.
  it('believes no X-Forwarded-For by default, from a private, loopback or public address', async () => {
    expect(defaults.TRUSTED_PROXIES).toBe('');
    expect(await clientAddress('10.42.0.7', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('10.42.0.7');
    expect(await clientAddress('127.0.0.1', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('127.0.0.1');
    expect(await clientAddress('198.51.100.4', '203.0.113.9', defaults.TRUSTED_PROXIES)).toBe('198.51.100.4');
  });

  it("believes the named proxies' ranges only, as CIDRs or names", async () => {
    expect(await clientAddress('10.42.0.7', '203.0.113.9', '10.42.0.0/16')).toBe('203.0.113.9');
    expect(await clientAddress('10.43.0.7', '203.0.113.9', '10.42.0.0/16')).toBe('10.43.0.7');
    expect(await clientAddress('127.0.0.1', '203.0.113.9', 'loopback')).toBe('203.0.113.9');
  });

  // Each passed the old pattern, then made Fastify throw while the service was built.
  it.each(['everyone', 'cafe', ':::', '10.0.0.0/99', '10.0.0.1/8/8', '::1/129', '10.0.0.0/', '10.0.0.256'])(
    'refuses %s, which proxy-addr would not take, with the variable named',
    (value) => {
      expect(() =>
        loadEnv(
          ServiceEnvironment,
          { TRUSTED_PROXIES: value },
          { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' },
        ),
      ).toThrow(/TRUSTED_PROXIES must list IPv4 or IPv6 addresses/);
    },
  );

  it.each(['10.0.0.0/8, fd00::/8', '::1', '2001:db8::/32,loopback', ' 192.0.2.1 ', ''])(
    'takes %j, and Fastify builds with it',
    async (value) => {
      const env = loadEnv(
        ServiceEnvironment,
        { TRUSTED_PROXIES: value },
        { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' },
      );
      const fastify = Fastify({ trustProxy: trustedProxiesOf(env.TRUSTED_PROXIES) });
      await fastify.ready();
      await fastify.close();
    },
  );
});
