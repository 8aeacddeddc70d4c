import dns from 'node:dns';
import net from 'node:net';
import { buildConnector } from 'undici';

/**
 * The SSRF guard: with WEBHOOK_ALLOW_PRIVATE_TARGETS=false a delivery may only reach public
 * addresses. Checked twice: the DNS answer is filtered before connecting (so no packet goes to a
 * refused address), and the address the socket actually connected to is checked again before a
 * byte is written (so an IP literal, a rebinding resolver or any other path cannot slip through).
 */

function blockList(entries: Array<[string, number, 'ipv4' | 'ipv6']>): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix, type] of entries) list.addSubnet(address, prefix, type);
  return list;
}

/**
 * Named kinds of non-public addresses (for the message of a refused literal). Anything else in an
 * IANA special-purpose registry (IPv4: RFC 6890 and its updates; IPv6 likewise) is "reserved".
 */
const CATEGORIES: Array<{ reason: string; list: net.BlockList }> = [
  {
    reason: 'a loopback address',
    list: blockList([
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ]),
  },
  {
    reason: 'a link-local or cloud metadata address',
    list: blockList([
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
      // Metadata and host services reachable from cloud VMs outside the link-local range.
      ['100.100.100.200', 32, 'ipv4'],
      ['168.63.129.16', 32, 'ipv4'],
      ['fd00:ec2::254', 128, 'ipv6'],
    ]),
  },
  {
    reason: 'a private address',
    list: blockList([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
    ]),
  },
  {
    reason: 'a reserved address',
    list: blockList([
      // IANA IPv4 Special-Purpose Address Registry (every entry, globally reachable ones included:
      // anycast relays and AS112 servers are never a webhook receiver), multicast and class E.
      ['0.0.0.0', 8, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['192.31.196.0', 24, 'ipv4'],
      ['192.52.193.0', 24, 'ipv4'],
      ['192.88.99.0', 24, 'ipv4'],
      ['192.175.48.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['224.0.0.0', 4, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      // IANA IPv6 Special-Purpose Address Registry entries inside global unicast 2000::/3 (all
      // of IPv6 outside 2000::/3 is refused below): IETF protocol assignments (Teredo 2001::/32,
      // benchmarking, ORCHID, AMT, AS112, drone DETs), documentation, 6to4, AS112 delegation.
      ['2001::', 23, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
      ['2002::', 16, 'ipv6'],
      ['2620:4f:8000::', 48, 'ipv6'],
      ['3fff::', 20, 'ipv6'],
    ]),
  },
];

/** The only IPv6 space with public unicast addresses; the rest (::/8, 64:ff9b::/96, fc00::/7, ff00::/8…) is not. */
const GLOBAL_UNICAST_V6 = blockList([['2000::', 3, 'ipv6']]);

/**
 * The IPv4 address an IPv6 address carries, in every embedding form: IPv4-mapped ::ffff:0:0/96,
 * IPv4-translated ::ffff:0:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48 (last 32 bits), 6to4 2002::/16 (bits 16..47) and Teredo 2001::/32 (the client,
 * last 32 bits inverted). Used to name the reason; every such form is refused anyway.
 */
function embeddedIPv4(address: string): string | undefined {
  const groups = expandIPv6(address.toLowerCase());
  if (!groups) return undefined;
  const word = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && groups[5] === 0xffff) return word(groups[6], groups[7]);
  if (zero(0, 4) && groups[4] === 0xffff && groups[5] === 0) return word(groups[6], groups[7]);
  if (zero(0, 6) && (groups[6] !== 0 || groups[7] > 1)) return word(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return word(groups[6], groups[7]);
  if (groups[0] === 0x2002) return word(groups[1], groups[2]);
  if (groups[0] === 0x2001 && groups[1] === 0) return word(groups[6] ^ 0xffff, groups[7] ^ 0xffff);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included), or undefined. */
function expandIPv6(address: string): number[] | undefined {
  if (!net.isIPv6(address)) return undefined;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  if (tail === undefined) return h.length === 8 ? h : undefined;
  return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
}

/** Why `address` may not be a delivery target, or undefined when it is a public unicast address. */
export function forbiddenReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const type = net.isIP(bare);
  if (type === 0) return 'not an IP address';
  const family = type === 4 ? 'ipv4' : 'ipv6';
  // An embedded IPv4 address says best why (::ffff:127.0.0.1 is "a loopback address").
  const v4 = family === 'ipv6' ? embeddedIPv4(bare) : undefined;
  const carried = v4 ? forbiddenReason(v4) : undefined;
  if (carried) return carried;
  for (const c of CATEGORIES) if (c.list.check(bare, family)) return c.reason;
  if (family === 'ipv4') return undefined;
  if (v4) return 'an address that embeds an IPv4 address (IPv4-mapped, NAT64, 6to4 or Teredo)';
  if (!GLOBAL_UNICAST_V6.check(bare, 'ipv6')) return 'a reserved address';
  return undefined;
}

/**
 * A refused target. Its message names the host as the configuration gave it and, for an IP
 * literal, why; never the address a name resolved to, which would tell a tenant what internal
 * names resolve to (docs/api.md#delivery, targets).
 */
export class TargetForbiddenError extends Error {
  readonly code = 'HOOKGATE_TARGET_FORBIDDEN';
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(
      net.isIP(host)
        ? `${host} is ${reason}; private targets are not allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)`
        : `${host} does not resolve to a public address; private targets are not allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)`,
    );
    this.name = 'TargetForbiddenError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `net.connect` lookup that never hands a refused address to the socket. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const allowed = addresses.filter((a) => forbiddenReason(a.address) === undefined);
    if (allowed.length === 0) {
      const first = addresses[0];
      return callback(new TargetForbiddenError(hostname, first ? forbiddenReason(first.address)! : 'unresolvable'), []);
    }
    if (options.all) return callback(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
}

/** An undici connector that refuses non-public targets (pass it as the Agent's `connect`). */
export function guardedConnector(options: buildConnector.BuildOptions = {}): buildConnector.connector {
  const connect = buildConnector({ ...options, lookup: guardedLookup } as buildConnector.BuildOptions);
  return (opts, callback) => {
    const literal = opts.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal)) {
      const reason = forbiddenReason(literal);
      if (reason) return callback(new TargetForbiddenError(literal, reason), null);
    }
    connect(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('connection failed'), null);
      const remote = socket.remoteAddress;
      const reason = remote ? forbiddenReason(remote) : 'an unknown address';
      if (reason) {
        socket.destroy();
        return callback(new TargetForbiddenError(opts.hostname.replace(/^\[|\]$/g, ''), reason), null);
      }
      callback(null, socket);
    });
  };
}
