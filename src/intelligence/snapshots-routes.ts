import { readerOf } from "../platform/read-routing.ts";
import { Type } from "typebox";
import type { Permission } from "../platform/auth/permissions.ts";
import type { Api, RouteDeps } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { Id, ListEnvelope, NoBody } from "../platform/schemas.ts";
import { Snapshot } from "./snapshots-schemas.ts";
import { getSnapshot, latestSnapshot, listSnapshots, snapshotList, takeSnapshot } from "./snapshots-service.ts";

const tags = ["Intelligence"];
/** A snapshot summarizes every engine, so reading or making one takes read access to each (403 naming what is missing). */
const everyEngine = { permission: ["finance:read", "growth:read", "talent:read"] as Permission[] };
/**
 * Making one stores it and emits an event that reaches webhooks: a write over
 * every engine's data, so it also takes each engine's write permission.
 * Read-only keys change nothing: they get a 403 naming what is missing.
 */
const everyEngineWrite = { permission: [...everyEngine.permission, "finance:write", "growth:write", "talent:write"] as Permission[] };

export function registerSnapshotRoutes(app: Api, { db }: RouteDeps): void {
  app.post(
    "/v1/intelligence/snapshots",
    {
      config: everyEngineWrite,
      schema: {
        tags,
        operationId: "createSnapshot",
        summary: "Compute a snapshot now",
        description:
          "Summarizes finance, growth and talent as of now, stores it and emits intelligence.snapshot_created. The scheduler also makes one daily. Takes read and write access to finance, growth and talent (read-only keys read snapshots but make none).",
        body: NoBody,
        response: { 201: Snapshot },
      },
    },
    async (request, reply) => reply.code(201).send(await takeSnapshot(db, writeContext(request))),
  );

  app.get(
    "/v1/intelligence/snapshots",
    {
      config: everyEngine,
      schema: {
        tags,
        operationId: "listSnapshots",
        summary: "List snapshots",
        description: "Newest first.",
        querystring: snapshotList.querystring,
        response: { 200: ListEnvelope(Snapshot) },
      },
    },
    async (request) => listSnapshots(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.get(
    "/v1/intelligence/snapshots/latest",
    { config: everyEngine, schema: { tags, operationId: "getLatestSnapshot", summary: "Get the newest snapshot", response: { 200: Snapshot } } },
    async (request) => latestSnapshot(db, callerOf(request).org.id),
  );

  app.get(
    "/v1/intelligence/snapshots/:id",
    {
      config: everyEngine,
      schema: { tags, operationId: "getSnapshot", summary: "Get a snapshot", params: Type.Object({ id: Id("snapshot") }), response: { 200: Snapshot } },
    },
    async (request) => getSnapshot(db, callerOf(request).org.id, request.params.id),
  );
}
