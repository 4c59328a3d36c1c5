import type { Api, RouteDeps } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { standingCaller } from "../platform/auth/api-keys-service.ts";
import { Deleted, ListEnvelope, RAW_EXCHANGE } from "../platform/schemas.ts";
import { DeployFunction, DeployVersion, FunctionOut, FunctionParams, FunctionPathParams, FunctionVersion, Invocation, Rollback } from "./functions-schemas.ts";
import {
  deleteFunction,
  deployFunction,
  deployVersion,
  functionList,
  getFunction,
  invocationList,
  listFunctions,
  listInvocations,
  listVersions,
  rollback,
  type DeploySandbox,
} from "./functions-service.ts";
import type { Invoker } from "./invoker.ts";

const tags = ["Edge functions"];
const manage = { permission: "functions:manage" } as const;
/** A deploy carries up to 1 MB of source, JSON-escaped, with its settings. */
const DEPLOY_BODY_LIMIT = 3 * 1024 * 1024;
const INVOKE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const OWNERSHIP =
  "Changing a function (a new version, a rollback, a delete) needs every permission of the key that deployed each version it touches (the live one; the one made live; for a delete, all), revoked or not: otherwise 403 insufficient_permission with missing_permissions.";

// Deploy, rollback and delete evict this process's cached copy at once (other processes hear of it by
// NOTIFY, which arrives a moment later): a call right after the answer must run what was just deployed.

export function registerFunctionRoutes(app: Api, { db }: RouteDeps, sandbox: DeploySandbox, invoker: Invoker): void {
  app.get(
    "/v1/functions",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listFunctions",
        summary: "List edge functions",
        querystring: functionList.querystring,
        response: { 200: ListEnvelope(FunctionOut) },
      },
    },
    async (request) => listFunctions(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/functions",
    {
      config: manage,
      bodyLimit: DEPLOY_BODY_LIMIT,
      schema: {
        tags,
        operationId: "deployFunction",
        summary: "Deploy a new function (version 1)",
        description:
          "The source is compiled (TypeScript types stripped) and loaded in a sandbox before anything is saved: a syntax error, an import or re-export (only `import type` is allowed: it is erased), top-level code that throws or exceeds its limits, or a trigger without its handler is a 422 and nothing is deployed. ctx reads use the permissions of the key that deploys.",
        body: DeployFunction,
        response: { 201: FunctionOut },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await deployFunction(db, writeContext(request), await standingCaller(db, writeContext(request), callerOf(request)), request.body, sandbox)),
  );

  app.get(
    "/v1/functions/:name",
    {
      config: manage,
      schema: {
        tags,
        operationId: "getFunction",
        summary: "Get a function (its live version's settings)",
        params: FunctionParams,
        response: { 200: FunctionOut },
      },
    },
    async (request) => getFunction(db, callerOf(request).org.id, request.params.name),
  );

  app.delete(
    "/v1/functions/:name",
    {
      config: manage,
      schema: {
        tags,
        operationId: "deleteFunction",
        summary: "Delete a function, its versions, pending runs and logs",
        description: OWNERSHIP,
        params: FunctionParams,
        response: { 200: Deleted("function") },
      },
    },
    async (request) => {
      const deleted = await deleteFunction(db, writeContext(request), callerOf(request), request.params.name);
      invoker.evict(deleted.id);
      return deleted;
    },
  );

  app.get(
    "/v1/functions/:name/versions",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listFunctionVersions",
        summary: "List a function's versions, newest first",
        params: FunctionParams,
        response: { 200: ListEnvelope(FunctionVersion) },
      },
    },
    async (request) => listVersions(db, callerOf(request).org.id, request.params.name),
  );

  app.post(
    "/v1/functions/:name/versions",
    {
      config: manage,
      bodyLimit: DEPLOY_BODY_LIMIT,
      schema: {
        tags,
        operationId: "deployFunctionVersion",
        summary: "Deploy a new version (it goes live at once)",
        description: `Settings left out carry over from the live version; secrets named are set (null removes one), the rest carry over. ${OWNERSHIP}`,
        params: FunctionParams,
        body: DeployVersion,
        response: { 201: FunctionOut },
      },
    },
    async (request, reply) => {
      const deployed = await deployVersion(
        db,
        writeContext(request),
        await standingCaller(db, writeContext(request), callerOf(request)),
        request.params.name,
        request.body,
        sandbox,
      );
      invoker.evict(deployed.id);
      return reply.code(201).send(deployed);
    },
  );

  app.post(
    "/v1/functions/:name/rollback",
    {
      config: manage,
      schema: {
        tags,
        operationId: "rollbackFunction",
        summary: "Make an earlier version live again",
        description: OWNERSHIP,
        params: FunctionParams,
        body: Rollback,
        response: { 200: FunctionOut },
      },
    },
    async (request) => {
      const live = await rollback(db, writeContext(request), callerOf(request), request.params.name, request.body.version);
      invoker.evict(live.id);
      return live;
    },
  );

  app.get(
    "/v1/functions/:name/invocations",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listFunctionInvocations",
        summary: "List a function's invocations (logs and metrics)",
        params: FunctionParams,
        querystring: invocationList.querystring,
        response: { 200: ListEnvelope(Invocation) },
      },
    },
    async (request) => {
      // This process's latest invocations are written in batches: write them first, so a caller sees its own.
      await invoker.flushLogs(callerOf(request).org.id);
      return listInvocations(db, callerOf(request), request.params.name, request.query as Record<string, unknown>, request.now);
    },
  );

  // Invocations take any body as text (the function parses it), so they get their own content-type parsers.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    const config = { permission: "functions:invoke" } as const;
    const description =
      "Any method, and any path below /invoke (/invoke/orders/42?x=1), reaches the function's fetch(request, ctx); its response is returned with x-function-invocation-id and x-function-version, under the response policy: headers outside an allowlist (content-*, caching, CORS without credentials, Location, x-*) are dropped, a redirect (3xx but 304) is a failed invocation, and every answer carries Content-Security-Policy: sandbox and X-Content-Type-Options: nosniff. A function that throws answers 500 function_failed (function_error.location: where, in the deployed source), one that exceeds its CPU or memory limit 500 function_limit_exceeded, one that runs past its wall time 504 function_timeout.";
    // One route per method and form (with a sub-path or without): each operation needs its own operationId.
    // The wildcard is published as a {path} parameter that may hold slashes (see wildcardPaths in openapi.ts).
    const forms = [
      { url: "/v1/functions/:name/invoke", id: "invokeFunction", params: FunctionParams, at: "" },
      { url: "/v1/functions/:name/invoke/*", id: "invokeFunctionAtPath", params: FunctionPathParams, at: " at a sub-path" },
    ];
    for (const form of forms) {
      for (const method of INVOKE_METHODS) {
        const operationId = method === "POST" ? form.id : `${form.id}${method[0]}${method.slice(1).toLowerCase()}`;
        const schema = {
          tags,
          operationId,
          summary: `Invoke a function over HTTP${form.at} (${method})`,
          description,
          params: form.params,
          [RAW_EXCHANGE]: true,
        };
        scope.route({ method, url: form.url, config, schema, handler: (request, reply) => invoker.invokeHttp(request, reply) });
      }
    }
  });
}
