/**
 * The caller's address, which rate limits are keyed by: the socket's peer, or behind proxies the server
 * was told to trust (`TRUSTED_PROXIES`), the address they forwarded in `X-Forwarded-For`.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The proxies whose `X-Forwarded-For` the server believes. */
export interface TrustedProxies {
  trusts(address: string): boolean;
}

/** What `clientIp` reads of a request's context: the proxies the server was told to trust (server/context.ts's `AppEnv` has it). */
export interface ClientAddressEnv {
  Variables: { deps: { config: { trustedProxies?: TrustedProxies } } };
}

// Addresses are compared and used as keys in one form: an IPv4 client on a dual-stack socket is its IPv4.
function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Reads `TRUSTED_PROXIES`: addresses and CIDR ranges separated by commas or spaces, and `loopback` for
 * 127.0.0.0/8 and ::1. Undefined when empty (then X-Forwarded-For is ignored); throws on an entry it
 * cannot read, so a typo stops the server rather than trusting the wrong hop.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies | undefined {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    if (entry.toLowerCase() === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || extra !== undefined || !validPrefix) {
      throw new Error(`TRUSTED_PROXIES: '${entry}' is not an address, a CIDR range or 'loopback'`);
    }
    if (prefix === undefined) list.addAddress(normalizeAddress(address), familyOf(normalizeAddress(address)));
    else list.addSubnet(address, Number(prefix), family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    trusts(address) {
      const a = normalizeAddress(address);
      return isIP(a) !== 0 && list.check(a, familyOf(a));
    },
  };
}

// One X-Forwarded-For entry as an address: proxies may add brackets and a port ('[::1]:443', '1.2.3.4:80').
function forwardedAddress(entry: string): string {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  // Not an address at all: kept (shortened) as a key of its own, never trusted.
  return normalizeAddress(bracketed?.[1] ?? withPort?.[1] ?? text).slice(0, 100);
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    // In-process requests (tests) have no socket.
    return 'local';
  }
}

/** Whether the socket's peer is one of `proxies`, those the server was told to trust (`TRUSTED_PROXIES`). */
export function peerIsTrustedProxy(c: Context, proxies: TrustedProxies | undefined): boolean {
  return proxies?.trusts(normalizeAddress(socketAddress(c))) ?? false;
}

/**
 * The caller's address. Without trusted proxies, the socket's peer: a header anyone can write is never
 * believed. When the peer is a trusted proxy, X-Forwarded-For is read from the right (each proxy appends
 * the address it saw) and the first address not itself a trusted proxy is the client; what lies further
 * left was written by the client and could be anything.
 */
export function clientIp<E extends ClientAddressEnv>(c: Context<E>): string {
  const peer = normalizeAddress(socketAddress(c));
  const proxies = (c as unknown as Context<ClientAddressEnv>).get('deps').config.trustedProxies;
  if (!proxies?.trusts(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(forwardedAddress).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i]!;
    if (!proxies.trusts(client)) return client;
  }
  // Every hop is a proxy of ours: the request began inside; the left-most is as near the origin as we know.
  return client;
}
