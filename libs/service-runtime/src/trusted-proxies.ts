import { isIP } from 'node:net';

/** proxy-addr's names of ranges. */
const NAMED_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The proxies of TRUSTED_PROXIES, as Fastify's `trustProxy` takes them (proxy-addr's list; empty: none believed). */
export const trustedProxiesOf = (value: string): string[] =>
  value
    .split(',')
    .map((proxy) => proxy.trim())
    .filter((proxy) => proxy !== '');

/**
 * Whether proxy-addr takes `proxy`: a named range, or an IPv4/IPv6 address with an optional
 * prefix length its family allows. What it refuses, it refuses by throwing while the service is
 * built, after the environment was found valid.
 */
export function isTrustedProxy(proxy: string): boolean {
  if (NAMED_RANGES.has(proxy)) return true;
  const [address, prefix, ...rest] = proxy.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
