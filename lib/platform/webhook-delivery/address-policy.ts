// Owns the rule of which IP addresses a webhook may be delivered to: public unicast only, never an internal network.
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address is refused; `public` is the only deliverable class. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'metadata'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'invalid';

export interface AddressVerdict {
  /** The address as classified (zone id dropped, IPv6 lower-cased). */
  address: string;
  family: 4 | 6;
  class: AddressClass;
}

/** Readable reasons, for error messages and delivery logs. */
export const ADDRESS_CLASS_LABELS: Record<Exclude<AddressClass, 'public'>, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private network address',
  shared: 'a carrier-grade NAT (shared) address',
  link_local: 'a link-local address',
  metadata: 'a cloud metadata address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  invalid: 'not an IP address',
};

type Refused = Exclude<AddressClass, 'public'>;

/** A range table in order: the first range an address falls in names its class. */
function ranges<T extends ipaddr.IPv4 | ipaddr.IPv6>(
  parse: (cidr: string) => [T, number],
  rows: ReadonlyArray<readonly [string, Refused]>,
): ReadonlyArray<readonly [[T, number], Refused]> {
  return rows.map(([cidr, cls]) => [parse(cidr), cls] as const);
}

/**
 * IANA's special-purpose IPv4 registry, less the few globally reachable entries (e.g. 192.31.196.0/24 AS112). Exact
 * metadata addresses come first so they are named as such rather than by their enclosing range.
 */
const SPECIAL_V4 = ranges(
  (cidr) => ipaddr.IPv4.parseCIDR(cidr),
  [
    ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack, DigitalOcean…
    ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
    ['169.254.169.123/32', 'metadata'], // AWS time sync
    ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
    ['192.0.0.192/32', 'metadata'], // Oracle Cloud
    ['0.0.0.0/32', 'unspecified'],
    ['0.0.0.0/8', 'reserved'], // "this network"
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'shared'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link_local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'], // IETF protocol assignments (DS-Lite, NAT64 discovery…)
    ['192.0.2.0/24', 'documentation'],
    ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'benchmarking'],
    ['198.51.100.0/24', 'documentation'],
    ['203.0.113.0/24', 'documentation'],
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'],
  ],
);

function classifyIPv4(address: ipaddr.IPv4): AddressClass {
  return SPECIAL_V4.find(([range]) => address.match(range))?.[1] ?? 'public';
}

/**
 * IPv6 ranges that carry an IPv4 address inside, and the byte it starts at: such an address is judged by that IPv4
 * address (so ::ffff:10.0.0.1 is private). `::` and `::1` are matched before these.
 */
const EMBEDDING_V6: ReadonlyArray<readonly [[ipaddr.IPv6, number], number]> = [
  [ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), 12], // mapped
  [ipaddr.IPv6.parseCIDR('::/96'), 12], // compatible (deprecated)
  [ipaddr.IPv6.parseCIDR('64:ff9b::/96'), 12], // NAT64
  [ipaddr.IPv6.parseCIDR('2002::/16'), 2], // 6to4
];

const SPECIAL_V6 = ranges(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ['64:ff9b:1::/48', 'private'], // local-use NAT64
    ['fd00:ec2::254/128', 'metadata'], // AWS IMDS
    ['100::/64', 'reserved'], // discard-only
    ['2001:db8::/32', 'documentation'],
    ['3fff::/20', 'documentation'],
    // IETF protocol assignments: Teredo (2001::/32, hides an IPv4 address), ORCHID, benchmarking (2001:2::/48)…
    ['2001:2::/48', 'benchmarking'],
    ['2001::/23', 'reserved'],
    ['fc00::/7', 'private'], // unique local
    ['fe80::/10', 'link_local'],
    ['fec0::/10', 'private'], // site-local (deprecated)
    ['ff00::/8', 'multicast'],
  ],
);

/** Only 2000::/3 is allocated as global unicast; everything else is reserved by IANA. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

function classifyIPv6(address: ipaddr.IPv6): AddressClass {
  const bytes = address.toByteArray();
  if (bytes.every((b) => b === 0)) return 'unspecified';
  if (address.match(ipaddr.IPv6.parseCIDR('::1/128'))) return 'loopback';
  const embedding = EMBEDDING_V6.find(([range]) => address.match(range));
  if (embedding) return classifyIPv4(new ipaddr.IPv4(bytes.slice(embedding[1], embedding[1] + 4)));
  const special = SPECIAL_V6.find(([range]) => address.match(range));
  if (special) return special[1];
  return address.match(GLOBAL_UNICAST_V6) ? 'public' : 'reserved';
}

/** Classifies one IP address (v4 or v6, a `%zone` suffix ignored); anything unparsable is `invalid`. */
export function classifyAddress(input: string): AddressVerdict {
  const address = input.trim().replace(/%.*$/, '').toLowerCase();
  // node:net decides what is an address: ipaddr.js would also read legacy forms such as 0x7f.1 as IPv4.
  if (isIPv4(address)) return { address, family: 4, class: classifyIPv4(ipaddr.IPv4.parse(address)) };
  if (isIPv6(address)) return { address, family: 6, class: classifyIPv6(ipaddr.IPv6.parse(address)) };
  return { address, family: 4, class: 'invalid' };
}

export function isPublicAddress(input: string): boolean {
  return classifyAddress(input).class === 'public';
}
