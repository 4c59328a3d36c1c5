import dns from "node:dns/promises";
import net from "node:net";

/**
 * SSRF guard for outbound webhook deliveries.
 *
 * A webhook URL is chosen by a tenant, so without a guard a delivery could be
 * pointed at the server's own network: loopback services, the cloud metadata
 * endpoint (169.254.169.254), private ranges. The guard works at two moments:
 *
 * - registration: `checkUrl` rejects bad schemes, credentials and literal IP
 *   hosts in blocked ranges, so the tenant gets a 400 at once;
 * - delivery: `guardedLookup` is given to node:http(s).request as its
 *   `lookup`, so the address that is checked is the very address connected
 *   to (a hostname that resolved to a public address at registration and to
 *   127.0.0.1 now is refused; there is no DNS-rebinding window).
 *
 * Node does not call `lookup` when the host is already an IP literal, so a
 * delivery to such a URL must be checked with `checkUrl` (or `resolveAllowed`)
 * again at delivery time: the policy may have changed since registration.
 *
 * All addresses are handled as 128-bit numbers. IPv4 addresses live in the
 * IPv6 space at ::ffff:a.b.c.d (IPv4-mapped, RFC 4291 2.5.5.2), so one table
 * and one comparison serve both families, and the mapped form of an address
 * is judged exactly as the address itself.
 */

export interface SsrfPolicy {
  /** CIDRs that are allowed even though they are private/loopback/etc. (WEBHOOK_ALLOW_PRIVATE_NETWORKS), e.g. ["127.0.0.0/8", "::1/128"]. */
  allowedNetworks: string[];
  /** Plain http allowed (WEBHOOK_ALLOW_HTTP); otherwise https only. */
  allowHttp: boolean;
}

/** A delivery refused because the host is, or resolves to, a blocked address. */
export class SsrfBlockedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(host === address ? `${address} is ${withArticle(reason)} address` : `${host} resolves to ${address}, ${withArticle(reason)} address`);
    this.name = "SsrfBlockedError";
  }
}

// ---------------------------------------------------------------------------
// Addresses and networks as numbers

/** An IP address as a 128-bit number, and the family its text was written in. */
interface Ip {
  family: 4 | 6;
  value: bigint;
}

/** A network: its first address (128-bit) and prefix length (0..128). */
interface Cidr {
  base: bigint;
  prefix: number;
}

/** Where IPv4 addresses sit in the IPv6 space: ::ffff:0:0/96. */
const IPV4_MAPPED: Cidr = { base: 0xffff_0000_0000n, prefix: 96 };
/** The well-known NAT64 prefix 64:ff9b::/96 (RFC 6052): the low 32 bits are an IPv4 address. */
const NAT64: Cidr = { base: 0x0064_ff9b_0000_0000_0000_0000_0000_0000n, prefix: 96 };
const LOW_32_BITS = 0xffff_ffffn;

/** Parses the text form of an IPv4 or IPv6 address (as node:net gives it), or null if it is not one. */
function parseIp(text: string): Ip | null {
  if (net.isIPv4(text)) return { family: 4, value: IPV4_MAPPED.base | ipv4Value(text) };
  if (net.isIPv6(text)) return { family: 6, value: ipv6Value(text) };
  return null;
}

/** The 32-bit value of a dotted-quad IPv4 address (already validated by net.isIPv4). */
function ipv4Value(text: string): bigint {
  return text.split(".").reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);
}

/**
 * The 128-bit value of an IPv6 address (already validated by net.isIPv6):
 * eight 16-bit groups, "::" standing for as many zero groups as are missing,
 * an optional trailing dotted IPv4 (two groups) and an optional zone ("%eth0"),
 * which is ignored.
 */
function ipv6Value(text: string): bigint {
  const [head = "", tail] = text.replace(/%.*$/, "").split("::");
  const headGroups = ipv6Groups(head);
  const tailGroups = tail === undefined ? [] : ipv6Groups(tail);
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  return [...headGroups, ...zeros, ...tailGroups].reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** The 16-bit groups of one side of "::" ("" has none; "1.2.3.4" counts as two). */
function ipv6Groups(part: string): number[] {
  if (part === "") return [];
  return part.split(":").flatMap((group) => {
    if (!group.includes(".")) return [parseInt(group, 16)];
    const v4 = Number(ipv4Value(group));
    return [v4 >>> 16, v4 & 0xffff];
  });
}

/** Whether an address (128-bit) falls inside a network. */
function contains(network: Cidr, value: bigint): boolean {
  const hostBits = BigInt(128 - network.prefix);
  return value >> hostBits === network.base >> hostBits;
}

/** The text form of an address: dotted for IPv4 (mapped), eight uncompressed groups for IPv6. */
function formatIp(value: bigint): string {
  if (contains(IPV4_MAPPED, value)) {
    const v4 = Number(value & LOW_32_BITS);
    return [v4 >>> 24, (v4 >>> 16) & 0xff, (v4 >>> 8) & 0xff, v4 & 0xff].join(".");
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((value >> shift) & 0xffffn).toString(16));
  return groups.join(":");
}

/**
 * Parses one "address/prefix" entry. IPv4 networks are moved into the
 * IPv4-mapped space (prefix + 96). Throws an Error naming the entry when it is
 * malformed, the prefix is too long, or the address has bits set after the
 * prefix (10.0.0.1/8 is refused: it is most likely a typo for another network).
 */
function parseCidr(entry: string): Cidr {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  const address = match?.[1];
  const prefixText = match?.[2];
  if (address === undefined || prefixText === undefined) {
    throw new Error(`invalid network "${entry}": expected address/prefix, e.g. 10.0.0.0/8 or fd00::/8`);
  }
  const ip = address.includes("%") ? null : parseIp(address);
  if (!ip) throw new Error(`invalid network "${entry}": "${address}" is not an IP address`);
  const bits = ip.family === 4 ? 32 : 128;
  const prefix = Number(prefixText);
  if (prefix > bits) throw new Error(`invalid network "${entry}": an IPv${ip.family} prefix is at most /${bits}`);
  const network: Cidr = { base: ip.value, prefix: prefix + (128 - bits) };
  const hostMask = (1n << BigInt(128 - network.prefix)) - 1n;
  if ((ip.value & hostMask) !== 0n) {
    const suggestion = `${formatIp(ip.value & ~hostMask)}/${prefix}`;
    throw new Error(`invalid network "${entry}": address has bits set after the prefix (did you mean ${suggestion}?)`);
  }
  return network;
}

// ---------------------------------------------------------------------------
// What is blocked

/**
 * Special-purpose ranges (IANA IPv4 and IPv6 special-purpose registries) that
 * a webhook may not reach. When ranges overlap, the longest prefix gives the
 * reason (255.255.255.255 is "broadcast", not "reserved").
 */
const BLOCKED: ReadonlyArray<Cidr & { reason: string }> = (
  [
    // IPv4
    ["0.0.0.0/8", "unspecified"], // "this network"
    ["10.0.0.0/8", "private"],
    ["100.64.0.0/10", "cgnat"], // shared address space, carrier-grade NAT
    ["127.0.0.0/8", "loopback"],
    ["169.254.0.0/16", "link-local"], // includes the cloud metadata service 169.254.169.254
    ["172.16.0.0/12", "private"],
    ["192.0.0.0/24", "reserved"], // IETF protocol assignments
    ["192.0.2.0/24", "documentation"], // TEST-NET-1
    ["192.88.99.0/24", "reserved"], // former 6to4 relay anycast
    ["192.168.0.0/16", "private"],
    ["198.18.0.0/15", "benchmarking"],
    ["198.51.100.0/24", "documentation"], // TEST-NET-2
    ["203.0.113.0/24", "documentation"], // TEST-NET-3
    ["224.0.0.0/4", "multicast"],
    ["240.0.0.0/4", "reserved"],
    ["255.255.255.255/32", "broadcast"],
    // IPv6 (IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 are judged by their IPv4 address)
    ["::/128", "unspecified"],
    ["::1/128", "loopback"],
    ["::/96", "ipv4-compatible"], // deprecated ::a.b.c.d
    ["100::/64", "discard"],
    ["2001::/23", "reserved"], // IETF protocol assignments (Teredo, ORCHID, ...)
    ["2001:2::/48", "benchmarking"],
    ["2001:db8::/32", "documentation"],
    ["fc00::/7", "unique-local"],
    ["fe80::/10", "link-local"],
    ["fec0::/10", "site-local"], // deprecated, but still routed locally by some stacks
    ["ff00::/8", "multicast"],
  ] as const
).map(([cidr, reason]) => ({ ...parseCidr(cidr), reason }));

/** The reason of the most specific blocked range holding an address, or null when none holds it. */
function blockedRange(value: bigint): string | null {
  let best: (typeof BLOCKED)[number] | null = null;
  for (const range of BLOCKED) {
    if (contains(range, value) && (!best || range.prefix > best.prefix)) best = range;
  }
  return best?.reason ?? null;
}

/** "an" or "a" before a reason, for messages ("an ipv4-mapped private address", "a unique-local address"). */
function withArticle(word: string): string {
  return /^(?:[aeio]|u(?!ni))/i.test(word) ? `an ${word}` : `a ${word}`;
}

// ---------------------------------------------------------------------------
// Public interface

/** Parses "a/b,c/d" into CIDRs, throwing Error with a clear message naming the bad entry. */
export function parseCidrList(text: string): string[] {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) parseCidr(entry);
  return entries;
}

/**
 * Why a literal IP address (v4 or v6 text form as node:net gives it) may not
 * be contacted, or null when it may. Reasons like "loopback", "private",
 * "link-local", "cgnat", "multicast", "reserved", "unspecified", "broadcast",
 * "documentation", "benchmarking", "ipv4-mapped private", "nat64 loopback".
 * Text that is not an IP address is refused as "invalid".
 */
export function blockedReason(address: string, policy: SsrfPolicy): string | null {
  const ip = parseIp(address);
  if (!ip) return "invalid";
  // A NAT64 address reaches the IPv4 address in its low 32 bits: judge that one.
  const viaNat64 = contains(NAT64, ip.value);
  const target = viaNat64 ? IPV4_MAPPED.base | (ip.value & LOW_32_BITS) : ip.value;
  const allowed = policy.allowedNetworks.map(parseCidr);
  if (allowed.some((network) => contains(network, ip.value) || contains(network, target))) return null;
  const reason = blockedRange(target);
  if (reason === null) return null;
  if (viaNat64) return `nat64 ${reason}`;
  if (ip.family === 6 && contains(IPV4_MAPPED, target)) return `ipv4-mapped ${reason}`;
  return reason;
}

/**
 * Checks a URL at registration: protocol (http/https per policy), no
 * credentials in it, a host; when the host is a literal IP it must not be
 * blocked. Returns null when acceptable or a message for a 400 ("must use
 * https", "points at a loopback address (127.0.0.1)"). Hostnames are not
 * resolved here.
 *
 * The WHATWG URL parser already turns every IPv4 spelling (decimal
 * "2130706433", hex "0x7f000001", octal "0177.0.0.1", short "127.1",
 * percent-encoded or full-width digits) into dotted form and IPv6 into its
 * canonical bracketed form, so only canonical literals reach the check.
 */
export function checkUrl(url: string, policy: SsrfPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a valid URL";
  }
  if (parsed.protocol !== "https:" && !(policy.allowHttp && parsed.protocol === "http:")) {
    return policy.allowHttp ? "must use http or https" : "must use https";
  }
  if (parsed.username !== "" || parsed.password !== "") return "must not contain credentials";
  const host = unbracket(parsed.hostname);
  if (host === "") return "must have a host";
  if (net.isIP(host) === 0) return null;
  const reason = blockedReason(host, policy);
  return reason === null ? null : `points at ${withArticle(reason)} address (${host})`;
}

/**
 * Resolves a hostname (all A and AAAA records via dns.lookup with all:true, or
 * the literal IP) and returns the first allowed address to connect to, or
 * throws SsrfBlockedError when any resolved address is blocked (refusing when
 * only some are defeats mixed public/private records).
 */
export async function resolveAllowed(hostname: string, policy: SsrfPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const [first] = await resolveAllAllowed(hostname, policy);
  if (!first) throw notFound(hostname);
  return first;
}

/**
 * A `lookup` function for node:http(s).request options that resolves through
 * the guard, so the address checked is the address connected to. Supports the
 * `all` variant Node uses when it tries several addresses (autoSelectFamily,
 * on by default since Node 20) and honours a requested `family`.
 */
export function guardedLookup(policy: SsrfPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = familyNumber(options.family);
    resolveAllAllowed(hostname, policy).then(
      (addresses) => {
        const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        const [first] = usable;
        if (!first) callback(notFound(hostname), options.all ? [] : "", undefined);
        else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : "", undefined),
    );
  };
}

/** All addresses of a host (or the literal IP itself), in resolver order; throws SsrfBlockedError if any is blocked. */
async function resolveAllAllowed(hostname: string, policy: SsrfPolicy): Promise<Array<{ address: string; family: 4 | 6 }>> {
  const host = unbracket(hostname);
  const literal = net.isIP(host);
  const addresses: Array<{ address: string; family: 4 | 6 }> =
    literal === 4 || literal === 6
      ? [{ address: host, family: literal }]
      : (await dns.lookup(host, { all: true })).map(({ address, family }) => ({
          address,
          family: family === 6 ? (6 as const) : (4 as const),
        }));
  for (const { address } of addresses) {
    const reason = blockedReason(address, policy);
    if (reason !== null) throw new SsrfBlockedError(host, address, reason);
  }
  return addresses;
}

/** A hostname without the brackets URL.hostname keeps around IPv6 literals. */
function unbracket(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** dns.LookupOptions.family as 0, 4 or 6 (it may also be spelled "IPv4"/"IPv6"). */
function familyNumber(family: number | "IPv4" | "IPv6" | undefined): 0 | 4 | 6 {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

/** The error dns.lookup gives for a name without addresses. */
function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: "ENOTFOUND",
    syscall: "getaddrinfo",
    hostname,
  });
}
