// Owns the rule of which IP addresses a webhook may be delivered to: public unicast only, never an internal network.
import { isIPv4, isIPv6 } from 'node:net';

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

interface Range4 {
  base: number;
  bits: number;
  class: Exclude<AddressClass, 'public'>;
}

function ipv4ToNumber(address: string): number {
  const parts = address.split('.').map(Number);
  return (((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0) as number;
}

const range4 = (cidr: string, cls: Range4['class']): Range4 => {
  const [base, bits] = cidr.split('/');
  return { base: ipv4ToNumber(base!), bits: Number(bits), class: cls };
};

// Exact metadata addresses come first so they are named as such rather than by their enclosing range.
const METADATA_V4 = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
]);

/** IANA's special-purpose IPv4 registry, less the few globally reachable entries (e.g. 192.31.196.0/24 AS112). */
const SPECIAL_V4: Range4[] = [
  range4('0.0.0.0/32', 'unspecified'),
  range4('0.0.0.0/8', 'reserved'), // "this network"
  range4('10.0.0.0/8', 'private'),
  range4('100.64.0.0/10', 'shared'),
  range4('127.0.0.0/8', 'loopback'),
  range4('169.254.0.0/16', 'link_local'),
  range4('172.16.0.0/12', 'private'),
  range4('192.0.0.0/24', 'reserved'), // IETF protocol assignments (DS-Lite, NAT64 discovery…)
  range4('192.0.2.0/24', 'documentation'),
  range4('192.88.99.0/24', 'reserved'), // deprecated 6to4 relay anycast
  range4('192.168.0.0/16', 'private'),
  range4('198.18.0.0/15', 'benchmarking'),
  range4('198.51.100.0/24', 'documentation'),
  range4('203.0.113.0/24', 'documentation'),
  range4('224.0.0.0/4', 'multicast'),
  range4('255.255.255.255/32', 'broadcast'),
  range4('240.0.0.0/4', 'reserved'),
];

function inRange4(value: number, range: Range4): boolean {
  if (range.bits === 0) return true;
  const mask = range.bits === 32 ? 0xffffffff : (~0 << (32 - range.bits)) >>> 0;
  return (value & mask) >>> 0 === (range.base & mask) >>> 0;
}

function classifyIPv4(address: string): AddressClass {
  if (METADATA_V4.has(address)) return 'metadata';
  const value = ipv4ToNumber(address);
  return SPECIAL_V4.find((range) => inRange4(value, range))?.class ?? 'public';
}

/** Parses an IPv6 address (with an optional trailing dotted IPv4 part) into 16 bytes; null when malformed. */
function ipv6ToBytes(address: string): Uint8Array | null {
  let text = address;
  const bytes = new Uint8Array(16);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const lastPart = text.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    if (!isIPv4(lastPart)) return null;
    const v4 = ipv4ToNumber(lastPart);
    tail = [(v4 >>> 16) & 0xffff, v4 & 0xffff];
    text = `${text.slice(0, lastColon + 1)}0:0`;
    // `::1.2.3.4` became `::0:0`; the two groups are replaced below.
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  if (tail.length === 2) groups.splice(6, 2, tail[0]!, tail[1]!);
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

function bytesToIPv4(bytes: Uint8Array, offset: number): string {
  return `${bytes[offset]}.${bytes[offset + 1]}.${bytes[offset + 2]}.${bytes[offset + 3]}`;
}

function hasPrefix(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8;
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[index]! & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

function classifyIPv6Bytes(bytes: Uint8Array): AddressClass {
  if (bytes.every((b) => b === 0)) return 'unspecified';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'loopback';
  // Addresses that carry an IPv4 address inside: judged by that address (so ::ffff:10.0.0.1 is private).
  if (hasPrefix(bytes, [...zeros(10), 0xff, 0xff], 96)) return classifyIPv4(bytesToIPv4(bytes, 12)); // mapped
  if (hasPrefix(bytes, [...zeros(10), 0, 0], 96)) return classifyIPv4(bytesToIPv4(bytes, 12)); // compatible (deprecated)
  if (hasPrefix(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)], 96)) return classifyIPv4(bytesToIPv4(bytes, 12)); // NAT64
  if (hasPrefix(bytes, [0x20, 0x02], 16)) return classifyIPv4(bytesToIPv4(bytes, 2)); // 6to4
  if (hasPrefix(bytes, [0, 0x64, 0xff, 0x9b, 0, 1], 48)) return 'private'; // local-use NAT64
  if (hasPrefix(bytes, [0xfd, 0x00, 0x0e, 0xc2, ...zeros(10), 0x02, 0x54], 128)) return 'metadata'; // AWS IMDS
  if (hasPrefix(bytes, [0x01, 0x00, ...zeros(6)], 64)) return 'reserved'; // discard-only
  if (hasPrefix(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'documentation';
  if (hasPrefix(bytes, [0x3f, 0xff], 20)) return 'documentation';
  // IETF protocol assignments: Teredo (2001::/32, hides an IPv4 address), ORCHID, benchmarking (2001:2::/48)…
  if (hasPrefix(bytes, [0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48)) return 'benchmarking';
  if (hasPrefix(bytes, [0x20, 0x01], 23)) return 'reserved';
  if (hasPrefix(bytes, [0xfc], 7)) return 'private'; // unique local
  if (hasPrefix(bytes, [0xfe, 0x80], 10)) return 'link_local';
  if (hasPrefix(bytes, [0xfe, 0xc0], 10)) return 'private'; // site-local (deprecated)
  if (hasPrefix(bytes, [0xff], 8)) return 'multicast';
  // Only 2000::/3 is allocated as global unicast; everything else is reserved by IANA.
  if (!hasPrefix(bytes, [0x20], 3)) return 'reserved';
  return 'public';
}

/** Classifies one IP address (v4 or v6, a `%zone` suffix ignored); anything unparsable is `invalid`. */
export function classifyAddress(input: string): AddressVerdict {
  const address = input.trim().replace(/%.*$/, '').toLowerCase();
  if (isIPv4(address)) return { address, family: 4, class: classifyIPv4(address) };
  if (isIPv6(address)) {
    const bytes = ipv6ToBytes(address);
    return { address, family: 6, class: bytes ? classifyIPv6Bytes(bytes) : 'invalid' };
  }
  return { address, family: 4, class: 'invalid' };
}

export function isPublicAddress(input: string): boolean {
  return classifyAddress(input).class === 'public';
}
