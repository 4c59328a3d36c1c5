import dns from "node:dns/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { blockedReason, checkUrl, guardedLookup, parseCidrList, resolveAllowed, SsrfBlockedError, type SsrfPolicy } from "../../src/webhooks/ssrf.ts";

const STRICT: SsrfPolicy = { allowedNetworks: [], allowHttp: false };
const HTTP: SsrfPolicy = { allowedNetworks: [], allowHttp: true };
const LOOPBACK_V4: SsrfPolicy = { allowedNetworks: ["127.0.0.0/8"], allowHttp: true };
const LOOPBACK: SsrfPolicy = { allowedNetworks: ["127.0.0.0/8", "::1/128"], allowHttp: true };

/** How a policy reads in a test title. */
function describePolicy(policy: SsrfPolicy): string {
  const networks = policy.allowedNetworks.length ? ` allowing ${policy.allowedNetworks.join(",")}` : "";
  return `${policy.allowHttp ? "http+https" : "https only"}${networks}`;
}

/** Makes dns.lookup answer `addresses` for `hostname` (and fail with ENOTFOUND for any other name). */
function fakeDns(hostname: string, addresses: Array<{ address: string; family: 4 | 6 }>) {
  return vi.spyOn(dns, "lookup").mockImplementation((async (name: string) => {
    if (name === hostname) return addresses;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  }) as unknown as typeof dns.lookup);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("blockedReason", () => {
  // [address, reason under the strict policy]: each range's first and last
  // address, and the first address outside it on either side.
  const cases: Array<[string, string | null]> = [
    // 0.0.0.0/8
    ["0.0.0.0", "unspecified"],
    ["0.255.255.255", "unspecified"],
    ["1.0.0.0", null],
    // 10.0.0.0/8
    ["9.255.255.255", null],
    ["10.0.0.0", "private"],
    ["10.255.255.255", "private"],
    ["11.0.0.0", null],
    // 100.64.0.0/10
    ["100.63.255.255", null],
    ["100.64.0.0", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["100.128.0.0", null],
    // 127.0.0.0/8
    ["126.255.255.255", null],
    ["127.0.0.0", "loopback"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.255", "loopback"],
    ["128.0.0.0", null],
    // 169.254.0.0/16
    ["169.253.255.255", null],
    ["169.254.0.0", "link-local"],
    ["169.254.169.254", "link-local"],
    ["169.254.255.255", "link-local"],
    ["169.255.0.0", null],
    // 172.16.0.0/12
    ["172.15.255.255", null],
    ["172.16.0.0", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.0", null],
    // 192.0.0.0/24, 192.0.2.0/24
    ["191.255.255.255", null],
    ["192.0.0.0", "reserved"],
    ["192.0.0.255", "reserved"],
    ["192.0.1.0", null],
    ["192.0.2.0", "documentation"],
    ["192.0.2.255", "documentation"],
    ["192.0.3.0", null],
    // 192.88.99.0/24
    ["192.88.98.255", null],
    ["192.88.99.0", "reserved"],
    ["192.88.99.255", "reserved"],
    ["192.88.100.0", null],
    // 192.168.0.0/16
    ["192.167.255.255", null],
    ["192.168.0.0", "private"],
    ["192.168.255.255", "private"],
    ["192.169.0.0", null],
    // 198.18.0.0/15
    ["198.17.255.255", null],
    ["198.18.0.0", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.20.0.0", null],
    // 198.51.100.0/24, 203.0.113.0/24
    ["198.51.99.255", null],
    ["198.51.100.0", "documentation"],
    ["198.51.100.255", "documentation"],
    ["198.51.101.0", null],
    ["203.0.112.255", null],
    ["203.0.113.0", "documentation"],
    ["203.0.113.255", "documentation"],
    ["203.0.114.0", null],
    // 224.0.0.0/4, 240.0.0.0/4, 255.255.255.255
    ["223.255.255.255", null],
    ["224.0.0.0", "multicast"],
    ["239.255.255.255", "multicast"],
    ["240.0.0.0", "reserved"],
    ["255.255.255.254", "reserved"],
    ["255.255.255.255", "broadcast"],
    // public IPv4
    ["8.8.8.8", null],
    ["1.1.1.1", null],
    // ::, ::1, IPv4-compatible ::a.b.c.d
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:0", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::2", "ipv4-compatible"],
    ["::127.0.0.1", "ipv4-compatible"],
    ["::8.8.8.8", "ipv4-compatible"],
    ["::ffff:ffff", "ipv4-compatible"],
    // ::ffff:0:0/96, judged by the IPv4 address
    ["::ffff:127.0.0.1", "ipv4-mapped loopback"],
    ["::ffff:7f00:1", "ipv4-mapped loopback"],
    ["::FFFF:7F00:0001", "ipv4-mapped loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "ipv4-mapped loopback"],
    ["::ffff:10.0.0.1", "ipv4-mapped private"],
    ["::ffff:a9fe:a9fe", "ipv4-mapped link-local"],
    ["::ffff:0.0.0.0", "ipv4-mapped unspecified"],
    ["::ffff:255.255.255.255", "ipv4-mapped broadcast"],
    ["::ffff:8.8.8.8", null],
    ["::ffff:808:808", null],
    // 64:ff9b::/96 (NAT64), judged by the IPv4 address
    ["64:ff9b::7f00:1", "nat64 loopback"],
    ["64:ff9b::127.0.0.1", "nat64 loopback"],
    ["64:ff9b::10.1.2.3", "nat64 private"],
    ["64:ff9b::169.254.169.254", "nat64 link-local"],
    ["64:ff9b::8.8.8.8", null],
    // 100::/64
    ["100::", "discard"],
    ["100::ffff:ffff:ffff:ffff", "discard"],
    ["100:0:0:1::", null],
    // 2001::/23 (with 2001:2::/48 benchmarking inside), 2001:db8::/32
    ["2001::", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["2001:2::1", "benchmarking"],
    ["2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved"],
    ["2001:200::", null],
    ["2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", null],
    ["2001:db8::", "documentation"],
    ["2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"],
    ["2001:db9::", null],
    // fc00::/7
    ["fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", null],
    ["fc00::", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique-local"],
    ["fe00::", null],
    // fe80::/10 (and the deprecated site-local fec0::/10 after it)
    ["fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", null],
    ["fe80::", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link-local"],
    ["fec0::", "site-local"],
    // ff00::/8
    ["feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "site-local"],
    ["ff00::", "multicast"],
    ["ff02::1", "multicast"],
    ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "multicast"],
    // public IPv6
    ["2606:4700:4700::1111", null],
    ["2001:4860:4860::8888", null],
    // not an address as node:net writes one
    ["example.com", "invalid"],
    ["127.1", "invalid"],
    ["", "invalid"],
  ];

  it.each(cases)("%s -> %s", (address, reason) => {
    expect(blockedReason(address, STRICT)).toBe(reason);
  });

  it("lets allowedNetworks through, including mapped and NAT64 forms of an allowed IPv4 address", () => {
    expect(blockedReason("127.0.0.1", LOOPBACK_V4)).toBeNull();
    expect(blockedReason("127.255.255.255", LOOPBACK_V4)).toBeNull();
    expect(blockedReason("::ffff:127.0.0.1", LOOPBACK_V4)).toBeNull();
    expect(blockedReason("::ffff:7f00:1", LOOPBACK_V4)).toBeNull();
    expect(blockedReason("64:ff9b::7f00:1", LOOPBACK_V4)).toBeNull();
    expect(blockedReason("10.0.0.1", LOOPBACK_V4)).toBe("private");
    expect(blockedReason("::1", LOOPBACK_V4)).toBe("loopback");
    expect(blockedReason("::ffff:10.0.0.1", LOOPBACK_V4)).toBe("ipv4-mapped private");
  });

  it("applies IPv6 allowedNetworks to IPv6 addresses only", () => {
    const policy: SsrfPolicy = { allowedNetworks: ["::1/128", "fd00::/8"], allowHttp: false };
    expect(blockedReason("::1", policy)).toBeNull();
    expect(blockedReason("fd12::1", policy)).toBeNull();
    expect(blockedReason("fc00::1", policy)).toBe("unique-local");
    expect(blockedReason("127.0.0.1", policy)).toBe("loopback");
  });

  it("refuses a malformed allowedNetworks entry instead of ignoring it", () => {
    expect(() => blockedReason("10.0.0.1", { allowedNetworks: ["10.0.0.0"], allowHttp: false })).toThrow(/"10\.0\.0\.0"/);
  });
});

describe("checkUrl", () => {
  const cases: Array<[string, SsrfPolicy, string | null]> = [
    ["https://example.com/hooks?x=1", STRICT, null],
    ["https://hooks.example.com:8443/in", STRICT, null],
    ["https://8.8.8.8/hook", STRICT, null],
    ["https://[2606:4700:4700::1111]/hook", STRICT, null],
    ["https://localhost/hook", STRICT, null], // hostnames are judged at delivery, once resolved
    // scheme by policy
    ["http://example.com/hook", STRICT, "must use https"],
    ["http://example.com/hook", HTTP, null],
    ["HTTPS://EXAMPLE.COM/", STRICT, null],
    ["ftp://example.com/hook", STRICT, "must use https"],
    ["ftp://example.com/hook", HTTP, "must use http or https"],
    ["file:///etc/passwd", STRICT, "must use https"],
    ["file:///etc/passwd", HTTP, "must use http or https"],
    ["javascript:alert(1)", STRICT, "must use https"],
    ["gopher://127.0.0.1:6379/_FLUSHALL", HTTP, "must use http or https"],
    ["ws://example.com/", STRICT, "must use https"],
    // not URLs
    ["example.com/hook", STRICT, "is not a valid URL"],
    ["https://", STRICT, "is not a valid URL"],
    ["", STRICT, "is not a valid URL"],
    ["https://4294967296/", STRICT, "is not a valid URL"],
    // credentials
    ["https://user:secret@example.com/", STRICT, "must not contain credentials"],
    ["https://user@example.com/", STRICT, "must not contain credentials"],
    ["https://:secret@example.com/", STRICT, "must not contain credentials"],
    // literal IPv4 in every spelling the URL parser accepts
    ["https://127.0.0.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://2130706433/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0x7f000001/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0X7F.0.0.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0177.0.0.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0177.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://127.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0x7f.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://127.0.0.1./hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://%31%32%37.0.0.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://\uff11\uff12\uff17.0.0.1/hook", STRICT, "points at a loopback address (127.0.0.1)"],
    ["https://0/hook", STRICT, "points at an unspecified address (0.0.0.0)"],
    ["https://10.1.2.3:8080/", STRICT, "points at a private address (10.1.2.3)"],
    ["https://169.254.169.254/latest/meta-data/", STRICT, "points at a link-local address (169.254.169.254)"],
    ["https://2852039166/latest/meta-data/", STRICT, "points at a link-local address (169.254.169.254)"],
    ["https://100.64.0.1/", STRICT, "points at a cgnat address (100.64.0.1)"],
    ["https://255.255.255.255/", STRICT, "points at a broadcast address (255.255.255.255)"],
    ["https://0x08080808/", STRICT, null],
    // literal IPv6 in brackets
    ["https://[::1]/hook", STRICT, "points at a loopback address (::1)"],
    ["https://[0:0:0:0:0:0:0:1]:443/hook", STRICT, "points at a loopback address (::1)"],
    ["https://[::]/hook", STRICT, "points at an unspecified address (::)"],
    ["https://[::ffff:127.0.0.1]/hook", STRICT, "points at an ipv4-mapped loopback address (::ffff:7f00:1)"],
    ["https://[::ffff:7f00:1]:8443/hook", STRICT, "points at an ipv4-mapped loopback address (::ffff:7f00:1)"],
    ["https://[::ffff:a9fe:a9fe]/", STRICT, "points at an ipv4-mapped link-local address (::ffff:a9fe:a9fe)"],
    ["https://[::ffff:8.8.8.8]/", STRICT, null],
    ["https://[64:ff9b::169.254.169.254]/", STRICT, "points at a nat64 link-local address (64:ff9b::a9fe:a9fe)"],
    ["https://[64:ff9b::8.8.8.8]/", STRICT, null],
    ["https://[::127.0.0.1]/", STRICT, "points at an ipv4-compatible address (::7f00:1)"],
    ["https://[fe80::1]/", STRICT, "points at a link-local address (fe80::1)"],
    ["https://[fd00::1]/", STRICT, "points at a unique-local address (fd00::1)"],
    ["https://[ff02::1]/", STRICT, "points at a multicast address (ff02::1)"],
    ["https://[2001:db8::1]/", STRICT, "points at a documentation address (2001:db8::1)"],
    // allowedNetworks exceptions
    ["http://127.0.0.1:3000/hook", LOOPBACK_V4, null],
    ["http://0x7f000001:3000/hook", LOOPBACK_V4, null],
    ["http://[::ffff:127.0.0.1]:3000/hook", LOOPBACK_V4, null],
    ["http://10.0.0.1/hook", LOOPBACK_V4, "points at a private address (10.0.0.1)"],
    ["http://[::1]:3000/hook", LOOPBACK_V4, "points at a loopback address (::1)"],
    ["http://[::1]:3000/hook", LOOPBACK, null],
    ["https://user:secret@127.0.0.1/", LOOPBACK, "must not contain credentials"],
  ];

  it.each(cases.map(([url, policy, message]) => [url, describePolicy(policy), message, policy] as const))("%s (%s) -> %s", (url, _, message, policy) => {
    expect(checkUrl(url, policy)).toBe(message);
  });
});

describe("parseCidrList", () => {
  it.each<[string, string[]]>([
    ["", []],
    ["  ", []],
    ["127.0.0.0/8", ["127.0.0.0/8"]],
    ["127.0.0.0/8,::1/128", ["127.0.0.0/8", "::1/128"]],
    [" 10.0.0.0/8 , fd00::/8 ,", ["10.0.0.0/8", "fd00::/8"]],
    ["0.0.0.0/0,::/0", ["0.0.0.0/0", "::/0"]],
    ["192.168.1.7/32", ["192.168.1.7/32"]],
    ["::ffff:127.0.0.0/104", ["::ffff:127.0.0.0/104"]],
  ])("%j -> %j", (text, cidrs) => {
    expect(parseCidrList(text)).toEqual(cidrs);
  });

  it.each<[string, RegExp]>([
    ["127.0.0.1", /invalid network "127\.0\.0\.1": expected address\/prefix/],
    ["10.0.0.0/8,bogus", /invalid network "bogus"/],
    ["localhost/8", /invalid network "localhost\/8": "localhost" is not an IP address/],
    ["127.1/8", /"127\.1" is not an IP address/],
    ["10.0.0.0/33", /invalid network "10\.0\.0\.0\/33": an IPv4 prefix is at most \/32/],
    ["::/129", /invalid network "::\/129": an IPv6 prefix is at most \/128/],
    ["10.0.0.0/-1", /invalid network "10\.0\.0\.0\/-1"/],
    ["10.0.0.0/8/9", /invalid network "10\.0\.0\.0\/8\/9"/],
    ["10.0.0.0/", /invalid network "10\.0\.0\.0\/"/],
    ["10.0.0.1/8", /bits set after the prefix \(did you mean 10\.0\.0\.0\/8\?\)/],
    ["fd00::1/8", /did you mean fd00:0:0:0:0:0:0:0\/8\?/],
    ["fe80::%eth0/64", /"fe80::%eth0" is not an IP address/],
  ])("%j is refused", (text, message) => {
    expect(() => parseCidrList(text)).toThrow(message);
  });
});

describe("resolveAllowed", () => {
  it("refuses localhost unless loopback is allowed", async () => {
    const refused = await resolveAllowed("localhost", STRICT).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SsrfBlockedError);
    expect(refused).toMatchObject({ host: "localhost", reason: "loopback" });
    expect((refused as Error).message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);

    const resolved = await resolveAllowed("localhost", LOOPBACK);
    expect(["127.0.0.1", "::1"]).toContain(resolved.address);
    expect(resolved.family).toBe(resolved.address === "::1" ? 6 : 4);
  });

  it("returns a literal public IP without asking DNS", async () => {
    const lookup = vi.spyOn(dns, "lookup");
    expect(await resolveAllowed("8.8.8.8", STRICT)).toEqual({ address: "8.8.8.8", family: 4 });
    expect(await resolveAllowed("[2606:4700:4700::1111]", STRICT)).toEqual({ address: "2606:4700:4700::1111", family: 6 });
    expect(lookup).not.toHaveBeenCalled();
  });

  it("refuses a literal blocked IP without asking DNS", async () => {
    const lookup = vi.spyOn(dns, "lookup");
    await expect(resolveAllowed("127.0.0.1", STRICT)).rejects.toThrow(new SsrfBlockedError("127.0.0.1", "127.0.0.1", "loopback"));
    await expect(resolveAllowed("127.0.0.1", STRICT)).rejects.toThrow("127.0.0.1 is a loopback address");
    await expect(resolveAllowed("[::ffff:169.254.169.254]", STRICT)).rejects.toMatchObject({
      reason: "ipv4-mapped link-local",
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it("returns the first address when every record is public", async () => {
    fakeDns("hooks.example.com", [
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ]);
    expect(await resolveAllowed("hooks.example.com", STRICT)).toEqual({ address: "93.184.215.14", family: 4 });
  });

  it("refuses a name when any of its records is blocked (mixed records)", async () => {
    fakeDns("mixed.example.com", [
      { address: "93.184.215.14", family: 4 },
      { address: "::1", family: 6 },
    ]);
    await expect(resolveAllowed("mixed.example.com", STRICT)).rejects.toMatchObject({
      name: "SsrfBlockedError",
      host: "mixed.example.com",
      address: "::1",
      reason: "loopback",
    });
  });

  it("passes DNS errors through", async () => {
    fakeDns("hooks.example.com", []);
    await expect(resolveAllowed("nowhere.example.com", STRICT)).rejects.toMatchObject({ code: "ENOTFOUND" });
  });
});

describe("guardedLookup", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((_, response) => response.end("delivered"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A GET through node:http with the guarded lookup: the body, or the error the request failed with. */
  function deliver(host: string, policy: SsrfPolicy): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host, port, path: "/hook", lookup: guardedLookup(policy), agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve(body));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("refuses a real request to a name that resolves to 127.0.0.1", async () => {
    fakeDns("receiver.test", [{ address: "127.0.0.1", family: 4 }]);
    const error = await deliver("receiver.test", STRICT).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(SsrfBlockedError);
    expect(error).toMatchObject({ host: "receiver.test", address: "127.0.0.1", reason: "loopback" });
  });

  it("delivers to it when 127.0.0.0/8 is allowed", async () => {
    fakeDns("receiver.test", [{ address: "127.0.0.1", family: 4 }]);
    expect(await deliver("receiver.test", LOOPBACK_V4)).toBe("delivered");
  });

  it("refuses and delivers for localhost through the real resolver", async () => {
    await expect(deliver("localhost", STRICT)).rejects.toBeInstanceOf(SsrfBlockedError);
    // The server listens on 127.0.0.1 only: allow ::1 too, in case localhost also resolves to it.
    expect(await deliver("localhost", LOOPBACK)).toBe("delivered");
  });

  it("is not consulted for a literal IP host, which must be checked with checkUrl before delivering", async () => {
    // Node connects to an IP literal without calling lookup: the guard would not run.
    expect(await deliver("127.0.0.1", STRICT)).toBe("delivered");
    expect(checkUrl(`http://127.0.0.1:${port}/hook`, { ...STRICT, allowHttp: true })).toBe("points at a loopback address (127.0.0.1)");
  });

  it("answers both callback forms and honours a requested family", async () => {
    fakeDns("dual.example.com", [
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ]);
    const lookup = guardedLookup(STRICT);
    const call = (options: Parameters<typeof lookup>[1], hostname = "dual.example.com") =>
      new Promise<unknown[]>((resolve) => lookup(hostname, options, (...args) => resolve(args)));

    expect(await call({})).toEqual([null, "93.184.215.14", 4]);
    expect(await call({ family: 6 })).toEqual([null, "2606:2800:21f:cb07:6820:80da:af6b:8b2c", 6]);
    expect(await call({ all: true })).toEqual([
      null,
      [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
    ]);
    expect(await call({ all: true, family: 4 })).toEqual([null, [{ address: "93.184.215.14", family: 4 }]]);

    const [blocked] = await call({ all: true }, "[::1]");
    expect(blocked).toBeInstanceOf(SsrfBlockedError);
  });

  it("fails with ENOTFOUND when no address of the requested family exists", async () => {
    fakeDns("v4only.example.com", [{ address: "93.184.215.14", family: 4 }]);
    const [error] = await new Promise<unknown[]>((resolve) => guardedLookup(STRICT)("v4only.example.com", { family: 6 }, (...args) => resolve(args)));
    expect(error).toMatchObject({ code: "ENOTFOUND" });
  });
});
