import { Type, type Static } from "typebox";
import { Id, Int, Nullable, StringEnum, Timestamp } from "../platform/schemas.ts";
import type { Plan } from "../platform/orgs/orgs-table.ts";
import { INVOCATION_TRIGGERS } from "./functions-table.ts";
import { MAX_SOURCE_BYTES } from "./compile.ts";
import { INVOCATION_STATUSES } from "./runtime/protocol.ts";

export const NAME_PATTERN = "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$";

export const DEFAULT_LIMITS = { cpu_ms: 50, memory_mb: 64, timeout_ms: 5_000 };

/** The most a function may ask for, per plan. */
export const PLAN_FUNCTION_LIMITS: Record<Plan, typeof DEFAULT_LIMITS> = {
  free: { cpu_ms: 100, memory_mb: 128, timeout_ms: 10_000 },
  growth: { cpu_ms: 1_000, memory_mb: 256, timeout_ms: 30_000 },
  enterprise: { cpu_ms: 5_000, memory_mb: 512, timeout_ms: 60_000 },
};

const NameField = Type.String({
  pattern: NAME_PATTERN,
  description: "Lower-case letters, digits and dashes (1-63), unique in the organization: the function's address.",
});
const VarName = "^[A-Za-z_][A-Za-z0-9_]{0,63}$";

const Vars = (description: string) =>
  // additionalProperties: false, or names the pattern refuses would pass unchecked (a record with a pattern is patternProperties).
  Type.Record(Type.String({ pattern: VarName }), Type.String({ maxLength: 5_000 }), { maxProperties: 64, additionalProperties: false, description });

const SecretsIn = Type.Record(Type.String({ pattern: VarName }), Nullable(Type.String({ maxLength: 5_000 })), {
  maxProperties: 64,
  additionalProperties: false,
  description:
    "Write-only, encrypted at rest, read by the code as ctx.secrets. On a new version, named secrets are set (null removes one) and the others carry over.",
});

const Triggers = Type.Object(
  {
    http: Type.Optional(Type.Boolean({ description: "Callable at /v1/functions/{name}/invoke (default true)." })),
    events: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 100,
        uniqueItems: true,
        description:
          "Event kinds, wildcards such as deal.*, or *: each matching event calls event(event, ctx), at least once. function.* events never trigger functions.",
      }),
    ),
  },
  { additionalProperties: false },
);

const LimitsIn = Type.Object(
  {
    cpu_ms: Type.Optional(Int({ minimum: 1, description: "CPU time per invocation (default 50; plan maxima: free 100, growth 1,000, enterprise 5,000)." })),
    memory_mb: Type.Optional(Int({ minimum: 8, description: "Isolate heap (default 64; maxima 128, 256, 512)." })),
    timeout_ms: Type.Optional(Int({ minimum: 1, description: "Wall time per invocation (default 5,000; maxima 10,000, 30,000, 60,000)." })),
  },
  { additionalProperties: false },
);

const Source = Type.String({
  minLength: 1,
  maxLength: MAX_SOURCE_BYTES,
  description: "One ES module, JavaScript or TypeScript (at most 1 MB): `export default { async fetch(request, ctx) {...}, async event(event, ctx) {...} }`.",
});

const Filename = Type.String({
  pattern: "^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$",
  description:
    "The source's file name (default function.ts; on a new version, left out, it carries over): stack traces and errors point at lines and columns of this file.",
});

/** What every deploy carries; a new version's settings left out carry over from the live version. */
const versionInput = {
  source: Source,
  filename: Type.Optional(Filename),
  env: Type.Optional(
    Vars("Plain configuration, read by the code as ctx.env (returned by GET). On a new version it replaces the previous env; left out, it carries over."),
  ),
  secrets: Type.Optional(SecretsIn),
  triggers: Type.Optional(Triggers),
  limits: Type.Optional(LimitsIn),
};

export const DeployFunction = Type.Object({ name: NameField, ...versionInput }, { additionalProperties: false });
export type DeployFunctionInput = Static<typeof DeployFunction>;

export const DeployVersion = Type.Object(versionInput, { additionalProperties: false });
export type DeployVersionInput = Static<typeof DeployVersion>;

export const Rollback = Type.Object({ version: Int({ minimum: 1, description: "An earlier version to make live again." }) }, { additionalProperties: false });

export const FunctionParams = Type.Object({ name: Type.String({ maxLength: 100, description: "The function's name (or its fn_ id)." }) });

/** An invocation at a sub-path: `*` is everything after /invoke/ (orders/42), slashes included. */
export const FunctionPathParams = Type.Object({
  ...FunctionParams.properties,
  "*": Type.String({
    description: "The sub-path the function receives, after /invoke/: it may hold slashes (orders/42), sent as they are.",
    examples: ["orders/42"],
  }),
});

const LimitsOut = Type.Object({ cpu_ms: Type.Integer(), memory_mb: Type.Integer(), timeout_ms: Type.Integer() });
const TriggersOut = Type.Object({ http: Type.Boolean(), events: Type.Array(Type.String()) });

const versionFields = {
  version: Type.Integer(),
  sha256: Type.String({ description: "SHA-256 of the source as deployed." }),
  source_bytes: Type.Integer(),
  filename: Type.String({ description: "The source's file name, as stack traces name it." }),
  env: Type.Record(Type.String(), Type.String()),
  secret_names: Type.Array(Type.String(), { description: "Names only: values are never returned." }),
  triggers: TriggersOut,
  limits: LimitsOut,
  deployed_by: Id("apiKey", "The key that deployed it: ctx reads have its permissions."),
};

export const FunctionVersion = Type.Object(
  {
    object: Type.Literal("function_version"),
    function_id: Id("function"),
    ...versionFields,
    active: Type.Boolean(),
    created_at: Timestamp("When it was deployed."),
  },
  { $id: "FunctionVersion", description: "One deployed version of a function (immutable)." },
);
export type FunctionVersionApi = Static<typeof FunctionVersion>;

export const FunctionOut = Type.Object(
  {
    id: Id("function"),
    object: Type.Literal("function"),
    name: Type.String(),
    active_version: Type.Integer({ description: "The version that runs." }),
    latest_version: Type.Integer(),
    ...versionFields,
    invoke_path: Type.String({ description: "Where HTTP invocations go (any method)." }),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last deploy or rollback."),
  },
  { $id: "Function", description: "An edge function: customer code run in a V8 isolate, with the active version's settings." },
);
export type FunctionApi = Static<typeof FunctionOut>;

export const Invocation = Type.Object(
  {
    id: Id("functionInvocation"),
    object: Type.Literal("function_invocation"),
    function_id: Id("function"),
    function_name: Type.String(),
    version: Type.Integer(),
    trigger: StringEnum(INVOCATION_TRIGGERS),
    event_id: Nullable(Type.String()),
    run_id: Nullable(Type.String({ description: "Event triggers: the run (one event for this function) this attempt belongs to." })),
    method: Nullable(Type.String()),
    response_status: Nullable(Type.Integer({ description: "HTTP: the status the caller got." })),
    status: StringEnum(INVOCATION_STATUSES, { description: "ok, error (threw or returned something unusable), timeout (wall time), cpu_limit, memory_limit." }),
    error: Nullable(
      Type.Object({
        name: Type.String(),
        message: Type.String(),
        stack: Nullable(Type.String({ description: "Positions in the deployed source (filename:line:column), through the version's source map." })),
      }),
    ),
    started_at: Timestamp("When it started."),
    duration_ms: Type.Number(),
    cpu_ms: Type.Number(),
    logs: Type.Array(Type.Object({ level: Type.String(), message: Type.String(), at_ms: Type.Number() }), {
      description: "console output: at most 100 lines, 2,000 characters each, 32 KB in all.",
    }),
    logs_truncated: Type.Boolean(),
    request_id: Nullable(Type.String()),
  },
  { $id: "FunctionInvocation", description: "One run of a function's code." },
);
export type InvocationApi = Static<typeof Invocation>;
