import { BlockList, isIPv4, isIPv6 } from 'node:net';

// Addresses that reach this host, its network or nothing public (IANA special-purpose registries):
// a host an outbound request names (a logo's, a callback's) that resolves to one of them is refused,
// whatever its name.
const IPV4_SPECIAL: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

// IPv6: only global unicast (2000::/3) is public, less documentation, Teredo, 6to4 and ORCHID
// (the last three carry or reach other addresses).
const IPV6_SPECIAL: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const ipv4Special = new BlockList();
for (const [network, prefix] of IPV4_SPECIAL) ipv4Special.addSubnet(network, prefix, 'ipv4');
const ipv6Special = new BlockList();
for (const [network, prefix] of IPV6_SPECIAL) ipv6Special.addSubnet(network, prefix, 'ipv6');
const ipv6Global = new BlockList();
ipv6Global.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function groupsOf(address: string): number[] | undefined {
  let text = address.split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (value: string | undefined): number[] =>
    value ? value.split(':').map((group) => parseInt(group, 16)) : [];
  const front = part(head);
  const back = part(tail);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 &&
    groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/**
 * Whether an address is one the public Internet routes to someone else: never this host, its
 * private networks, link-local, multicast or reserved space. An IPv6 address that embeds an IPv4
 * one (mapped, translated by NAT64) is judged by the IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !ipv4Special.check(address, 'ipv4') && address !== '255.255.255.255';
  if (!isIPv6(address)) return false;
  const groups = groupsOf(address);
  if (!groups) return false;
  const embedsIpv4 =
    (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) ||
    (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0));
  if (embedsIpv4) {
    const ipv4 = [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
    // ::1 and :: themselves (loopback, unspecified) fall here too, as 0.0.0.1 and 0.0.0.0.
    return isPublicAddress(ipv4);
  }
  return ipv6Global.check(address, 'ipv6') && !ipv6Special.check(address, 'ipv6');
}
