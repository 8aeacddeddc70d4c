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
      ['0.0.0.0', 8, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['224.0.0.0', 4, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['::', 128, 'ipv6'],
      ['100::', 64, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
      ['ff00::', 8, 'ipv6'],
    ]),
  },
];

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIPv6(lower);
  if (!groups) return undefined;
  const word = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return word(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return word(groups[6], groups[7]);
  if (groups[0] === 0x2002) return word(groups[1], groups[2]);
  return undefined;
}

function expandIPv6(address: string): number[] | undefined {
  if (net.isIPv6(address) === false || address.includes('.')) return undefined;
  const [head, tail] = address.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  if (tail === undefined) return h.length === 8 ? h : undefined;
  return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
}

/** Why `address` may not be a delivery target, or undefined when it is a public address. */
export function forbiddenReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const type = net.isIP(bare);
  if (type === 0) return 'not an IP address';
  const family = type === 4 ? 'ipv4' : 'ipv6';
  for (const c of CATEGORIES) if (c.list.check(bare, family)) return c.reason;
  if (family === 'ipv6') {
    const v4 = embeddedIPv4(bare);
    if (v4) return forbiddenReason(v4);
  }
  return undefined;
}

export class TargetForbiddenError extends Error {
  readonly code = 'HOOKGATE_TARGET_FORBIDDEN';
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${address} is ${reason}; private targets are not allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)`);
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
      return callback(
        new TargetForbiddenError(first?.address ?? hostname, first ? forbiddenReason(first.address)! : 'unresolvable'),
        [],
      );
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
        return callback(new TargetForbiddenError(remote ?? opts.hostname, reason), null);
      }
      callback(null, socket);
    });
  };
}
