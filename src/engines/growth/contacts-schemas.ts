import { Type, type Static } from "typebox";
import { Id, Metadata, Nullable, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { LIFECYCLE_STAGES } from "./contacts-table.ts";

export const Contact = Type.Object(
  {
    id: Id("contact"),
    object: Type.Literal("contact"),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    email: Nullable(Type.String({ description: "Lower case; unique in the organization." })),
    phone: Nullable(Type.String()),
    title: Nullable(Type.String({ description: "Job title." })),
    account_id: Nullable(Id("account")),
    lifecycle_stage: StringEnum(LIFECYCLE_STAGES),
    tags: Type.Array(Type.String()),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Contact", description: "A person the organization deals with (growth engine)." },
);
export type ContactApi = Static<typeof Contact>;

const PersonName = Nullable(Type.String({ minLength: 1, maxLength: 100 }));
const Email = Nullable(
  Type.String({ format: "email", maxLength: 254, description: "Email address; compared and stored in lower case.", examples: ["ann@acme.com"] }),
);
const Phone = Nullable(
  Type.String({
    minLength: 3,
    maxLength: 40,
    pattern: "^\\+?[0-9 ().-]+$",
    description: "Phone number: digits, spaces, ( ) . - and a leading +.",
    errorMessage: "must be a phone number: digits, spaces, ( ) . - and an optional leading +",
    examples: ["+1 415 555 0100"],
  }),
);
const Title = Nullable(Type.String({ minLength: 1, maxLength: 200 }));
const Tags = Type.Array(
  Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: "^[^,]+$",
    errorMessage: "must be 1 to 50 characters without commas",
  }),
  { maxItems: 50, uniqueItems: true, description: "Labels (no commas, at most 50)." },
);

const fields = {
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  title: Type.Optional(Title),
  account_id: Type.Optional(
    Nullable(Id("account"), { description: "The contact's account; when omitted on create, the account whose domain matches the email's." }),
  ),
  lifecycle_stage: Type.Optional(StringEnum(LIFECYCLE_STAGES, { description: "lead (default), qualified, customer or churned." })),
  tags: Type.Optional(Tags),
  metadata: Type.Optional(Metadata),
};

export const CreateContact = Type.Object(fields, {
  additionalProperties: false,
  description: "At least one of email, first_name and last_name.",
});
export type CreateContactInput = Static<typeof CreateContact>;

export const UpdateContact = Type.Object(fields, { additionalProperties: false, minProperties: 1 });
export type UpdateContactInput = Static<typeof UpdateContact>;
