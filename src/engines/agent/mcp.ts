import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { callerDescription } from "../../platform/auth/auth-hook.ts";
import { ApiError } from "../../platform/errors.ts";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { runTurn, type AgentDeps, type Planner, type ToolOutcome } from "./turn.ts";

/**
 * The agent's tool registry as a Model Context Protocol server (Streamable
 * HTTP, stateless: one SDK server per request), so an MCP client (an IDE, a
 * desktop assistant, another agent) can use the platform's tools. The route
 * sits behind the same API-key authentication, rate limit and permission
 * guard as every route; a key is offered only the tools its permissions allow.
 * Each call runs as a one-action agent turn, so it is validated, authorized
 * again, recorded in a conversation ("MCP: <tool>") with its events, and a
 * destructive call waits for approval on the same approval routes.
 */
function oneCall(name: string, args: Record<string, unknown>, seen: (outcome: ToolOutcome) => void, describe: Planner["describe"]): Planner {
  return {
    describe,
    async reply(turn) {
      const outcome = await turn.tools.call(name, args);
      seen(outcome);
      const content =
        outcome.status === "completed"
          ? `MCP call: ${describe(name, outcome.result)}`
          : outcome.status === "approval_required"
            ? `MCP call waits for approval: ${outcome.reason}`
            : `MCP call failed: ${outcome.error.detail}`;
      return { content, steps: 1 };
    },
  };
}

function mcpServer(deps: AgentDeps, request: Parameters<typeof writeContext>[0]): Server {
  const caller = callerOf(request);
  const server = new Server({ name: "enginery", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: deps.tools.for(caller).map((tool) => ({
      name: tool.name,
      description: tool.description,
      // TypeBox schemas are JSON Schema; the round trip drops TypeBox's symbol keys.
      inputSchema: JSON.parse(JSON.stringify(tool.input)) as { type: "object" },
      annotations: { title: tool.summary, readOnlyHint: tool.access === "read", destructiveHint: Boolean(tool.approval) },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = deps.tools.all.find((t) => t.name === params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool named ${params.name}.`);
    const missing = tool.permissions.filter((p) => !caller.permissions.has(p));
    if (missing.length > 0) {
      throw new McpError(ErrorCode.InvalidParams, `${callerDescription(caller)} lacks ${missing.join(", ")}: it may not use the tool ${tool.name}.`, {
        required_permission: missing[0],
        missing_permissions: missing,
      });
    }
    let outcome: ToolOutcome | undefined;
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    const turn = await runTurn(
      { ...deps, planner: oneCall(params.name, args, (o) => (outcome = o), deps.planner.describe) },
      caller,
      { message: `MCP: ${params.name}` },
      writeContext(request),
    );
    const action = turn.actions[0];
    if (!outcome || !action) throw new McpError(ErrorCode.InternalError, "The tool did not run.");
    if (outcome.status === "failed") {
      return {
        isError: true,
        content: [{ type: "text", text: JSON.stringify({ error: outcome.error, action_id: action.id, conversation_id: turn.conversation_id }) }],
      };
    }
    if (outcome.status === "approval_required") {
      const text = `${outcome.reason} Waiting for approval ${action.approval_id}: POST /v1/agent/approvals/${action.approval_id}/approve (or /deny).`;
      return {
        content: [{ type: "text", text }],
        structuredContent: { status: "approval_required", approval_id: action.approval_id, action_id: action.id, conversation_id: turn.conversation_id },
      };
    }
    return {
      content: [{ type: "text", text: JSON.stringify(outcome.result) }],
      structuredContent: { result: outcome.result, action_id: action.id, conversation_id: turn.conversation_id } as Record<string, unknown>,
    };
  });
  return server;
}

export function registerMcpRoute(app: Api, deps: AgentDeps): void {
  const handle = async (request: Parameters<typeof writeContext>[0], reply: import("fastify").FastifyReply) => {
    const server = mcpServer(deps, request);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // What the hooks set (rate-limit headers, request id) goes out with the transport's answer.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };
  const options = { config: { permission: "agent:read" as const }, schema: { hide: true } };
  app.post("/mcp", options, (request, reply) => handle(request, reply));
  // Stateless: no server-initiated stream to open (GET), no session to end (DELETE).
  const notHere = async (_request: unknown, reply: import("fastify").FastifyReply) => {
    reply.header("allow", "POST");
    throw new ApiError("method_not_allowed", "This MCP server is stateless: send JSON-RPC messages with POST /mcp.");
  };
  app.get("/mcp", options, notHere);
  app.delete("/mcp", options, notHere);
}
