import { describe, expect, it } from 'vitest';
import { forbiddenReason } from '../../src/dispatcher/ssrf';

/**
 * Every entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries (as of 2025), plus
 * multicast, and the forms that embed an IPv4 address: an address
 * at the start and at the end of each block must be refused.
 */
const IPV4_SPECIAL = [
  ['0.0.0.0', '0.255.255.255'], // "this network"
  ['10.0.0.0', '10.255.255.255'],
  ['100.64.0.0', '100.127.255.255'], // shared address space
  ['127.0.0.0', '127.255.255.255'],
  ['169.254.0.0', '169.254.255.255'],
  ['172.16.0.0', '172.31.255.255'],
  ['192.0.0.0', '192.0.0.255'], // IETF protocol assignments, DS-Lite, PCP/TURN anycast, NAT64 discovery
  ['192.0.0.9', '192.0.0.10'],
  ['192.0.0.170', '192.0.0.171'],
  ['192.0.2.0', '192.0.2.255'], // TEST-NET-1
  ['192.31.196.0', '192.31.196.255'], // AS112-v4
  ['192.52.193.0', '192.52.193.255'], // AMT
  ['192.88.99.0', '192.88.99.255'], // deprecated 6to4 relay anycast
  ['192.168.0.0', '192.168.255.255'],
  ['192.175.48.0', '192.175.48.255'], // AS112 direct delegation
  ['198.18.0.0', '198.19.255.255'], // benchmarking
  ['198.51.100.0', '198.51.100.255'], // TEST-NET-2
  ['203.0.113.0', '203.0.113.255'], // TEST-NET-3
  ['224.0.0.0', '239.255.255.255'], // multicast
  ['240.0.0.0', '255.255.255.254'], // reserved
  ['255.255.255.255', '255.255.255.255'], // limited broadcast
];

const IPV6_SPECIAL = [
  ['::', '::'],
  ['::1', '::1'],
  ['::ffff:0:0', '::ffff:ffff:ffff'], // IPv4-mapped
  ['::ffff:0:0:0', '::ffff:0:ffff:ffff'], // IPv4-translated
  ['::2', '::ffff:ffff'], // IPv4-compatible (deprecated), e.g. ::a9fe:a9fe
  ['64:ff9b::', '64:ff9b::ffff:ffff'], // NAT64 well-known prefix
  ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'], // local-use NAT64
  ['100::', '100::ffff:ffff:ffff:ffff'], // discard-only
  ['100:0:0:1::', '100:0:0:1:ffff:ffff:ffff:ffff'], // dummy prefix
  ['2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'], // IETF protocol assignments incl. Teredo 2001::/32
  ['2001:1::1', '2001:1::3'],
  ['2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'], // benchmarking
  ['2001:3::', '2001:3:ffff:ffff:ffff:ffff:ffff:ffff'], // AMT
  ['2001:4:112::', '2001:4:112:ffff:ffff:ffff:ffff:ffff'], // AS112-v6
  ['2001:10::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'], // ORCHID, ORCHIDv2
  ['2001:30::', '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff'], // drone remote ID
  ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'], // documentation
  ['2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // 6to4
  ['2620:4f:8000::', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff'], // AS112 direct delegation
  ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'], // documentation (RFC 9637)
  ['5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // SRv6 SIDs
  ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // unique local
  ['fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // link-local
  ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // site-local (deprecated)
  ['ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], // multicast
];

describe('forbiddenReason: IANA special-purpose registries and embedded IPv4 forms', () => {
  it('refuses both ends of every IPv4 special-purpose block', () => {
    for (const [first, last] of IPV4_SPECIAL) {
      expect(forbiddenReason(first), first).toBeDefined();
      expect(forbiddenReason(last), last).toBeDefined();
    }
  });

  it('refuses both ends of every IPv6 special-purpose block and all IPv6 outside 2000::/3', () => {
    for (const [first, last] of IPV6_SPECIAL) {
      expect(forbiddenReason(first), first).toBeDefined();
      expect(forbiddenReason(last), last).toBeDefined();
    }
    for (const a of ['1::1', '400::1', '1fff:ffff::1', '4000::1', 'e000::1'])
      expect(forbiddenReason(a), a).toBeDefined();
  });

  it('refuses addresses that embed or relay to an IPv4 address, and names the carried address where there is one', () => {
    for (const a of ['::a9fe:a9fe', '::ffff:0:0', '::ffff:0:7f00:1', '64:ff9b:1::a9fe:a9fe', '2001::1', '192.88.99.1'])
      expect(forbiddenReason(a), a).toBeDefined();
    expect(forbiddenReason('::a9fe:a9fe')).toBe('a link-local or cloud metadata address');
    expect(forbiddenReason('::169.254.169.254')).toBe('a link-local or cloud metadata address');
    expect(forbiddenReason('::ffff:0:127.0.0.1')).toBe('a loopback address');
    expect(forbiddenReason('64:ff9b::10.0.0.1')).toBe('a private address');
    expect(forbiddenReason('2002:7f00:1::')).toBe('a loopback address');
    // Teredo carries the client's address inverted: 127.0.0.1 is 80ff:fffe.
    expect(forbiddenReason('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('a loopback address');
    // Embedding forms of a public address are refused too (only public unicast addresses are allowed).
    for (const a of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '::8.8.8.8'])
      expect(forbiddenReason(a), a).toBeDefined();
  });

  it('allows public unicast addresses', () => {
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.32.0.1',
      '192.0.1.1',
      '192.88.98.255',
      '198.20.0.1',
      '223.255.255.254',
      '2606:4700::1111',
      '2a00:1450:4001:80b::200e',
      '2001:200::1',
      '2001:db9::1',
      '2003::1',
      '3ffe:ffff::1',
    ])
      expect(forbiddenReason(a), a).toBeUndefined();
  });
});
