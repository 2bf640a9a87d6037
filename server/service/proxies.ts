/**
 * Which peers' `X-Forwarded-For` is believed (TRUST_PROXY): the proxies the operator names, by
 * address or range, as Express and Fastify take them. The client is the first address, walking
 * back from the socket's, that is not one of them: a client that reaches the server directly
 * (or through a proxy that appends to the header) cannot name itself.
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/** Whether a peer at this address is a proxy whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string) => boolean;

export const trustNone: ProxyTrust = () => false;

/** proxy-addr's names for the usual ranges. */
const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** "::ffff:127.0.0.1" (an IPv4 peer of a socket listening on IPv6) is 127.0.0.1. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * The trust for a list of addresses, CIDR ranges and names (loopback, linklocal, uniquelocal),
 * comma-separated; throws an Error naming the entry that is none of those.
 */
export function parseProxyList(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED[e.toLowerCase()] ?? [e])) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = Number(bits);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(prefix >= 0 && prefix <= max)))
      throw new Error(`"${entry}" is not an address, a range such as 10.0.0.0/8, or loopback`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? "ipv6" : "ipv4");
  };
}

/** From createApp's option: a list, a function, or true (every peer: tests only) / false. */
export function proxyTrust(value: boolean | readonly string[] | ProxyTrust | undefined) {
  if (typeof value === "function") return value;
  if (Array.isArray(value)) return parseProxyList(value);
  return value === true ? () => true : trustNone;
}

/** The socket's address, or walking back through X-Forwarded-For while each hop is trusted. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust) {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (!trust(socket)) return plain(socket);
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .reverse();
  let client = socket;
  for (const hop of hops) {
    client = hop;
    if (!trust(hop)) break;
  }
  return plain(client);
}
