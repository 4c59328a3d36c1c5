import { Type } from "typebox";
import { StringEnum, Timestamp } from "../platform/schemas.ts";
import { ROLES } from "./identity-table.ts";

/** A person's membership of an organization, as member.* events carry it. */
export const Membership = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal("membership"),
    user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }),
    role: StringEnum(ROLES),
    created_at: Timestamp("When the person joined."),
  },
  { $id: "Membership" },
);
