import { Type } from "typebox";
import type { Api, RouteDeps } from "../http.ts";
import { callerOf, writeContext } from "../request-context.ts";
import { Id, ListEnvelope, NullableTimestamp, OPTIONAL_BODY, StringEnum, Timestamp } from "../schemas.ts";
import { apiKeyList, apiKeyToApi, createApiKey, listApiKeys, revokeApiKey, rollApiKey } from "./api-keys-service.ts";
import { apiKeys } from "./api-keys-table.ts";
import type { KeyCache } from "./key-cache.ts";
import type { Revocations } from "./revocations.ts";
import { ENGINES, KEY_KINDS } from "./permissions.ts";
import { ownedRow } from "../owned-rows.ts";

const tags = ["API keys"];
const manage = { permission: "api_keys:manage" } as const;
const Params = Type.Object({ id: Id("apiKey") });

export const ApiKey = Type.Object(
  {
    id: Id("apiKey"),
    object: Type.Literal("api_key"),
    name: Type.String(),
    kind: StringEnum(KEY_KINDS),
    engines: Type.Array(Type.String(), { description: "For engine keys: the engines it reads and writes." }),
    permissions: Type.Array(Type.String()),
    hint: Type.String({ description: "The start and end of the secret, to recognise it." }),
    status: StringEnum(["active", "revoked", "expired"]),
    created_at: Timestamp("Creation time."),
    expires_at: NullableTimestamp("When the key stops working, if ever."),
    revoked_at: NullableTimestamp("When the key was revoked."),
    last_used_at: NullableTimestamp("Last use, to the minute."),
  },
  { $id: "ApiKey" },
);

const CreateApiKey = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    kind: StringEnum(KEY_KINDS, { description: "read_only, engine or full_access." }),
    engines: Type.Optional(Type.Array(StringEnum(ENGINES), { uniqueItems: true, description: "Required for engine keys." })),
    expires_at: Type.Optional(Type.String({ format: "date-time", description: "When the key stops working." })),
  },
  { additionalProperties: false },
);

// Optional: a replay of the create (same Idempotency-Key) answers the key without it, since secrets are not stored.
const CreatedApiKey = Type.Intersect(
  [
    ApiKey,
    Type.Object({
      secret: Type.Optional(
        Type.String({ description: "Shown once, in the first answer only (a replay with the same Idempotency-Key leaves it out). Store it safely." }),
      ),
    }),
  ],
  { $id: "ApiKeyWithSecret" },
);

const MAX_ROLL_GRACE_SECONDS = 30 * 86_400;
const RollApiKey = Type.Object(
  {
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_ROLL_GRACE_SECONDS,
        default: 86_400,
        description: "How long the old key keeps working (0: it stops now; at most 30 days). Default: one day.",
      }),
    ),
  },
  { additionalProperties: false, [OPTIONAL_BODY]: true },
);
const RolledApiKey = Type.Intersect([CreatedApiKey, Type.Object({ rolled_key: ApiKey })]);

export function registerApiKeyRoutes(app: Api, { db }: RouteDeps, cache: KeyCache, revocations: Revocations): void {
  app.get(
    "/v1/api_keys",
    {
      config: manage,
      schema: { tags, operationId: "listApiKeys", summary: "List API keys", querystring: apiKeyList.querystring, response: { 200: ListEnvelope(ApiKey) } },
    },
    async (request) => listApiKeys(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/api_keys",
    {
      config: manage,
      schema: {
        tags,
        operationId: "createApiKey",
        summary: "Create an API key",
        description: "The response holds the secret; it is never shown again.",
        body: CreateApiKey,
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) => {
      const { name, kind, engines, expires_at } = request.body;
      const { key, secret } = await createApiKey(db, writeContext(request), {
        name,
        kind,
        engines,
        expiresAt: expires_at ? new Date(expires_at) : null,
      });
      return reply.code(201).send({ ...key, secret });
    },
  );

  app.post(
    "/v1/api_keys/:id/roll",
    {
      config: manage,
      schema: {
        tags,
        operationId: "rollApiKey",
        summary: "Roll an API key",
        description:
          "Creates a new key with the same name, kind and engines (its secret is in the response, once) and makes the old key expire after expires_in_seconds.",
        params: Params,
        body: RollApiKey,
        response: { 201: RolledApiKey },
      },
    },
    async (request, reply) => {
      const grace = (request.body as { expires_in_seconds?: number } | undefined)?.expires_in_seconds ?? 86_400;
      // The old key's new expiry holds on every process before the answer, as a revocation does.
      const revocation = revocations.begin();
      const { key, secret, rolled, rolledHash } = await rollApiKey(db, writeContext(request), request.params.id, grace * 1000, revocation.id);
      cache.evict(rolledHash);
      await revocation.confirmed();
      return reply.code(201).send({ ...key, secret, rolled_key: rolled });
    },
  );

  app.get(
    "/v1/api_keys/:id",
    { config: manage, schema: { tags, operationId: "getApiKey", summary: "Get an API key", params: Params, response: { 200: ApiKey } } },
    async (request) => {
      return apiKeyToApi(await ownedRow(db, apiKeys, callerOf(request).org.id, request.params.id, "API key"), request.now);
    },
  );

  app.delete(
    "/v1/api_keys/:id",
    {
      config: manage,
      schema: {
        tags,
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description:
          "The key is refused from the next request on, by every server process: the answer waits until each has confirmed. Revoking twice is harmless.",
        params: Params,
        response: { 200: ApiKey },
      },
    },
    async (request) => {
      const revocation = revocations.begin();
      const { secretHash, revokedNow, ...key } = await revokeApiKey(db, writeContext(request), request.params.id, revocation.id);
      // This process refuses the key from the next request on; every other one confirms it does before the answer.
      cache.evict(secretHash);
      if (revokedNow) await revocation.confirmed();
      else revocation.cancel();
      return key;
    },
  );
}
