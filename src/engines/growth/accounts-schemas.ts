import { Type, type Static } from "typebox";
import { Country, Id, Metadata, AmountFrom0, MoneyOut, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { ENRICHMENT_STATUSES } from "./accounts-table.ts";

export const Enrichment = Type.Object(
  {
    status: StringEnum(ENRICHMENT_STATUSES, { description: "none until enrichment is asked for; pending while it runs; then enriched or failed." }),
    source: Nullable(Type.String(), { description: "The provider of the last successful enrichment." }),
    enriched_at: NullableTimestamp("When enrichment last succeeded."),
    requested_at: NullableTimestamp("When enrichment was last asked for."),
    data: Nullable(Type.Record(Type.String(), Type.Unknown()), { description: "What the provider found, as it reported it." }),
    error: Nullable(Type.Object({ message: Type.String(), failed_at: Timestamp("When the attempt failed.") }), {
      description: "The last failed attempt, when the status is failed.",
    }),
  },
  { description: "Firmographic enrichment of the account." },
);

export const Account = Type.Object(
  {
    id: Id("account"),
    object: Type.Literal("account"),
    name: Type.String(),
    domain: Nullable(Type.String(), { description: "Normalized domain (lower case, no scheme, no www.), unique in the organization." }),
    industry: Nullable(Type.String()),
    employee_count: Nullable(Type.Integer()),
    annual_revenue: Nullable(MoneyOut("Annual revenue in US dollars.")),
    country: Nullable(Type.String(), { description: "ISO 3166-1 alpha-2 country code." }),
    website: Nullable(Type.String()),
    enrichment: Enrichment,
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Account", description: "A company the organization sells to (growth engine)." },
);
export type AccountApi = Static<typeof Account>;

const Name = Type.String({ minLength: 1, maxLength: 200, description: "Company name." });
const Domain = Nullable(
  Type.String({
    minLength: 1,
    maxLength: 253,
    description: "Company domain, e.g. acme.com. A URL is accepted and reduced to its host; www. is dropped; stored in lower case.",
    examples: ["acme.com"],
  }),
);
const Industry = Nullable(Type.String({ minLength: 1, maxLength: 100 }));
const EmployeeCount = Nullable(Type.Integer({ minimum: 0, maximum: 10_000_000, description: "Number of employees." }));
const AnnualRevenue = Nullable(AmountFrom0("Annual revenue in US dollars."));
const Website = Nullable(
  Type.String({
    format: "uri",
    pattern: "^https?://[^/?#\\s]+",
    maxLength: 2048,
    description: "http(s) URL of the company's site.",
    errorMessage: "must be an http(s) URL with a host, e.g. https://acme.com",
  }),
);

const fields = {
  domain: Type.Optional(Domain),
  industry: Type.Optional(Industry),
  employee_count: Type.Optional(EmployeeCount),
  annual_revenue: Type.Optional(AnnualRevenue),
  country: Type.Optional(Nullable(Country)),
  website: Type.Optional(Website),
  metadata: Type.Optional(Metadata),
};

export const CreateAccount = Type.Object({ name: Name, ...fields }, { additionalProperties: false });
export type CreateAccountInput = Static<typeof CreateAccount>;

export const UpdateAccount = Type.Object({ name: Type.Optional(Name), ...fields }, { additionalProperties: false, minProperties: 1 });
export type UpdateAccountInput = Static<typeof UpdateAccount>;
