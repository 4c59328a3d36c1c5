import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { send } from "../../src/webhooks/sender.ts";
import type { SsrfPolicy } from "../../src/webhooks/ssrf.ts";

const LOOPBACK: SsrfPolicy = { allowedNetworks: ["127.0.0.0/8"], allowHttp: true };
const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n{"ok":true}';

const servers: net.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/**
 * A receiver that answers each connection's first request and then closes that
 * connection the moment a second request arrives on it, as a server does when its
 * keep-alive timeout ends just as a client reuses the connection.
 */
async function closesReusedConnections(): Promise<{ url: string; requests: () => number; connections: () => number }> {
  let requests = 0;
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    let answered = false;
    socket.on("data", (chunk) => {
      if (!chunk.includes("\r\n\r\n")) return;
      if (answered) return void socket.destroy();
      answered = true;
      requests++;
      socket.write(OK);
    });
    socket.on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, requests: () => requests, connections: () => connections };
}

describe("send", () => {
  it("sends again on a new connection when a kept-alive one was closed by the receiver before it answered", async () => {
    const receiver = await closesReusedConnections();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const agents = { http: agent, https: new (await import("node:https")).Agent() };
    try {
      const first = await send(receiver.url, {}, "{}", 5_000, LOOPBACK, agents);
      expect(first).toMatchObject({ status: 200, error: null });
      const second = await send(receiver.url, {}, "{}", 5_000, LOOPBACK, agents);
      expect(second).toMatchObject({ status: 200, error: null });
      expect(receiver.requests()).toBe(2);
      expect(receiver.connections()).toBe(2);
    } finally {
      agent.destroy();
      agents.https.destroy();
    }
  });

  it("reports a connection closed before any answer when the connection was new", async () => {
    const server = net.createServer((socket) => {
      socket.on("data", () => socket.destroy());
      socket.on("error", () => {});
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const result = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, "{}", 5_000, LOOPBACK);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^could not deliver: /);
  });
});
