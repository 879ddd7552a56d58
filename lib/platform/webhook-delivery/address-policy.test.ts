// Tests the webhook address rule: every internal, special or embedded-internal address is refused, public ones pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress } from './address-policy';

describe('classifyAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['100.100.100.200', 'metadata'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.0.192', 'metadata'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toMatchObject({ family: 4, class: expected });
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above
    '169.253.255.255',
    '169.255.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '11.0.0.0',
    '9.255.255.255',
    '126.255.255.255',
    '128.0.0.0',
  ])('%s is public', (address) => {
    expect(classifyAddress(address).class).toBe('public');
  });
});

describe('classifyAddress: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['ff05::fb', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'], // Teredo
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'reserved'], // ORCHID
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'private'],
    ['4000::1', 'reserved'], // outside 2000::/3
    ['::2', 'reserved'], // IPv4-compatible 0.0.0.2
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toMatchObject({ family: 6, class: expected });
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::FFFF:192.168.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:100.64.0.1', 'shared'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
    ['64:ff9b::10.0.0.1', 'private'], // NAT64
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['64:ff9b::a9fe:a9fe', 'metadata'], // NAT64 of 169.254.169.254 in hex groups
    ['2002:a9fe:a9fe::', 'metadata'], // 6to4 of 169.254.169.254
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('%s embeds an internal IPv4 address: %s', (address, expected) => {
    expect(classifyAddress(address).class).toBe(expected);
  });

  it.each([
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::1.1.1.1',
    '2002:0808:0808::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address).class).toBe('public');
  });
});

describe('classifyAddress: anything else', () => {
  it.each([
    'localhost',
    'example.com',
    '',
    '1.2.3',
    '1.2.3.256',
    '::ffff:1.2.3.999',
    '12345::1',
    '0x7f.0.0.1',
  ])('%j is invalid, so never deliverable', (value) => {
    expect(classifyAddress(value).class).toBe('invalid');
    expect(isPublicAddress(value)).toBe(false);
  });
});

describe('classifyAddress: properties', () => {
  const octet = fc.integer({ min: 0, max: 255 });

  it('an IPv4 address and its IPv4-mapped IPv6 form always get the same class', () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const v4 = `${a}.${b}.${c}.${d}`;
        const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
        expect(classifyAddress(`::ffff:${v4}`).class).toBe(classifyAddress(v4).class);
        expect(classifyAddress(`::ffff:${hex(a, b)}:${hex(c, d)}`).class).toBe(classifyAddress(v4).class);
      }),
    );
  });

  it('every address in 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16 and 100.64/10 is refused', () => {
    const inside = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
    );
    fc.assert(
      fc.property(inside, (parts) => {
        expect(isPublicAddress(parts.join('.'))).toBe(false);
      }),
    );
  });

  it('every link-local, unique-local and multicast IPv6 address is refused', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const prefixed = fc.oneof(
      fc.integer({ min: 0xfe80, max: 0xfebf }),
      fc.integer({ min: 0xfc00, max: 0xfdff }),
      fc.integer({ min: 0xff00, max: 0xffff }),
    );
    fc.assert(
      fc.property(prefixed, fc.array(group, { minLength: 7, maxLength: 7 }), (first, rest) => {
        const address = [first, ...rest].map((g) => g.toString(16)).join(':');
        expect(isPublicAddress(address)).toBe(false);
      }),
    );
  });
});
