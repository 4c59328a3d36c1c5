import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { write, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { createOrg } from "../platform/orgs/orgs-service.ts";
import { orgs, type OrgRow } from "../platform/orgs/orgs-table.ts";
import { invites, memberships, users, type InviteRow, type MembershipRow, type Role, type UserRow } from "./identity-table.ts";
import { hashPassword, RECOMMENDED_COST, verifyPassword, type PasswordCost } from "./passwords.ts";
import { mayAssign } from "./roles.ts";
import { sha256 } from "./sessions.ts";

export const INVITE_TTL_MS = 7 * 86_400_000;

export interface MembershipApi {
  id: string;
  object: "membership";
  user: { id: string; email: string; name: string };
  role: Role;
  created_at: string;
}

export function membershipToApi(m: MembershipRow, user: Pick<UserRow, "id" | "email" | "name">): MembershipApi {
  return { id: m.id, object: "membership", user: { id: user.id, email: user.email, name: user.name }, role: m.role, created_at: m.createdAt.toISOString() };
}

export interface InviteApi {
  id: string;
  object: "invite";
  email: string | null;
  role: Role;
  status: "pending" | "accepted" | "revoked" | "expired";
  created_at: string;
  expires_at: string;
}

export function inviteToApi(row: InviteRow, now: Date): InviteApi {
  const status = row.acceptedAt ? "accepted" : row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "pending";
  return {
    id: row.id,
    object: "invite",
    email: row.email,
    role: row.role,
    status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Stand-in hashes by cost: an unknown email's password is checked against one,
 * so the answer's timing does not say whether the account exists.
 */
const standIns = new Map<string, Promise<string>>();

function standInHash(cost: PasswordCost): Promise<string> {
  const key = `${cost.log2N}:${cost.r}:${cost.p}`;
  let hash = standIns.get(key);
  if (!hash) standIns.set(key, (hash = hashPassword(randomBytes(16).toString("hex"), cost)));
  return hash;
}

export async function findUser(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

/**
 * The user when the password is theirs; undefined otherwise, after the same
 * work either way. Sign-in, sign-up and invite acceptance share this: the
 * password hash is always computed and always checked (against a stand-in hash
 * when the email is unknown), so neither the answer nor its timing says
 * whether an account exists.
 */
async function checkPassword(db: Db, email: string, password: string, cost: PasswordCost): Promise<UserRow | undefined> {
  const user = await findUser(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await standInHash(cost)));
  return ok && user ? user : undefined;
}

export async function signIn(db: Db, email: string, password: string, cost: PasswordCost = RECOMMENDED_COST): Promise<{ user: UserRow; orgId: string }> {
  const user = await checkPassword(db, email, password, cost);
  if (!user) throw new ApiError("invalid_credentials", "The email or password is not right.");
  const [first] = await db.select().from(memberships).where(eq(memberships.userId, user.id)).orderBy(asc(memberships.createdAt)).limit(1);
  if (!first) throw new ApiError("insufficient_permission", "This account belongs to no organization any more; ask an owner for an invite.");
  return { user, orgId: first.orgId };
}

/**
 * A new organization with the person as its owner. An email that already
 * has an account joins with its own password (same answer as a new one);
 * with another password the answer is the sign-in refusal.
 */
export async function signUp(
  db: Db,
  input: { email: string; password: string; name: string; organizationName: string },
  now: Date,
  cost: PasswordCost = RECOMMENDED_COST,
): Promise<{ user: UserRow; org: OrgRow }> {
  const email = normalizeEmail(input.email);
  const [passwordHash, existing] = await Promise.all([hashPassword(input.password, cost), checkPassword(db, email, input.password, cost)]);
  if (!existing && (await findUser(db, email))) {
    throw new ApiError("invalid_credentials", "An account cannot be made with these details. If you have one, sign in.");
  }
  const org = await createOrg(db, { name: input.organizationName, plan: "free" }, now);
  const user = existing ?? (await insertUser(db, email, input.name, passwordHash, now));
  await addMember(db, org.id, user, "owner", now);
  return { user, org };
}

async function insertUser(db: Db, email: string, name: string, passwordHash: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: newId("user"), email, name, passwordHash, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError("invalid_credentials", "An account cannot be made with these details. If you have one, sign in.");
  return row;
}

async function addMember(db: Db, orgId: string, user: UserRow, role: Role, now: Date): Promise<MembershipRow> {
  const ctx: WriteContext = { orgId, requestId: null, idempotencyKey: null, now };
  return write(db, ctx, async (tx, emit) => {
    const [row] = await tx
      .insert(memberships)
      .values({ orgId, id: newId("membership"), userId: user.id, role, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError("conflict", `${user.email} is already a member of this organization.`);
    emit({ type: "member.added", object: membershipToApi(row, user) });
    return row;
  });
}

/** For the CLI: a user (made if new, with this password) who is a member of the organization. */
export async function createUser(
  db: Db,
  input: { email: string; password: string; name?: string; orgId: string; role: Role },
  now: Date,
  cost: PasswordCost = RECOMMENDED_COST,
): Promise<{ user: UserRow; membership: MembershipRow }> {
  const email = normalizeEmail(input.email);
  const user = (await findUser(db, email)) ?? (await insertUser(db, email, input.name ?? email.split("@")[0]!, await hashPassword(input.password, cost), now));
  const membership = await addMember(db, input.orgId, user, input.role, now);
  return { user, membership };
}

export async function membershipsOf(db: Db, userId: string): Promise<{ org: OrgRow; role: Role }[]> {
  return db
    .select({ org: orgs, role: memberships.role })
    .from(memberships)
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export async function listMembers(db: Db, orgId: string): Promise<MembershipApi[]> {
  const rows = await db
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(asc(memberships.createdAt));
  return rows.map(({ m, u }) => membershipToApi(m, u));
}

/** Not ownedRow: the member's user comes in the same query, and only the membership row is locked. */
async function lockedMember(tx: Tx, orgId: string, id: string) {
  const [found] = await tx
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.id, id)))
    .for("update", { of: memberships });
  if (!found) throw notFound("member", id);
  return found;
}

async function refuseLastOwner(tx: Tx, orgId: string, m: MembershipRow, to: Role | null): Promise<void> {
  if (m.role !== "owner" || to === "owner") return;
  const [owners] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "owner")));
  if ((owners?.n ?? 0) <= 1) throw new ApiError("conflict", "An organization keeps at least one owner: make someone else an owner first.");
}

export async function changeRole(db: Db, ctx: WriteContext, actor: Role, id: string, role: Role): Promise<MembershipApi> {
  return write(db, ctx, async (tx, emit) => {
    const { m, u } = await lockedMember(tx, ctx.orgId, id);
    if (m.role === role) return membershipToApi(m, u);
    if (!mayAssign(actor, m.role, role))
      throw new ApiError("insufficient_permission", "Only owners give or take the owner role.", { required_permission: "members:manage" });
    await refuseLastOwner(tx, ctx.orgId, m, role);
    const [row] = await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.orgId, ctx.orgId), eq(memberships.id, id)))
      .returning();
    const object = membershipToApi(row!, u);
    emit({ type: "member.role_changed", object, previous: { role: m.role } });
    return object;
  });
}

export async function removeMember(db: Db, ctx: WriteContext, actor: Role, id: string): Promise<MembershipApi> {
  return write(db, ctx, async (tx, emit) => {
    const { m, u } = await lockedMember(tx, ctx.orgId, id);
    if (!mayAssign(actor, m.role, null)) throw new ApiError("insufficient_permission", "Only owners remove owners.", { required_permission: "members:manage" });
    await refuseLastOwner(tx, ctx.orgId, m, null);
    await tx.delete(memberships).where(and(eq(memberships.orgId, ctx.orgId), eq(memberships.id, id)));
    const object = membershipToApi(m, u);
    emit({ type: "member.removed", object });
    return object;
  });
}

export async function createInvite(
  db: Db,
  ctx: WriteContext,
  actor: { role: Role; userId: string },
  input: { role: Role; email?: string },
): Promise<{ invite: InviteApi; token: string }> {
  if (!mayAssign(actor.role, null, input.role))
    throw new ApiError("insufficient_permission", "Only owners invite owners.", { required_permission: "members:manage" });
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(invites)
    .values({
      orgId: ctx.orgId,
      id: newId("invite"),
      tokenHash: sha256(token),
      email: input.email ? normalizeEmail(input.email) : null,
      role: input.role,
      createdBy: actor.userId,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS),
    })
    .returning();
  return { invite: inviteToApi(row!, ctx.now), token };
}

export async function listInvites(db: Db, orgId: string, now: Date): Promise<InviteApi[]> {
  const rows = await db
    .select()
    .from(invites)
    .where(and(eq(invites.orgId, orgId), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now)))
    .orderBy(desc(invites.createdAt));
  return rows.map((r) => inviteToApi(r, now));
}

export async function revokeInvite(db: Db, orgId: string, id: string, now: Date): Promise<InviteApi> {
  const [row] = await db
    .update(invites)
    .set({ revokedAt: now })
    .where(and(eq(invites.orgId, orgId), eq(invites.id, id), isNull(invites.acceptedAt)))
    .returning();
  if (!row) throw notFound("invite", id);
  return inviteToApi(row, now);
}

/**
 * Accepting an invite: a new person sets their password here; someone who
 * already has an account proves it with theirs. Either way the answer to a
 * wrong password is the same as to a bad invite.
 */
export async function acceptInvite(
  db: Db,
  input: { token: string; email: string; password: string; name?: string },
  now: Date,
  cost: PasswordCost = RECOMMENDED_COST,
): Promise<{ user: UserRow; orgId: string }> {
  const email = normalizeEmail(input.email);
  const [passwordHash, existing] = await Promise.all([hashPassword(input.password, cost), checkPassword(db, email, input.password, cost)]);
  const refused = () =>
    new ApiError(
      "invalid_credentials",
      "This invite cannot be accepted with these details: it may have expired or been used, or the account's password is different.",
    );
  const ctx = (orgId: string): WriteContext => ({ orgId, requestId: null, idempotencyKey: null, now });
  const [invite] = await db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, sha256(input.token)));
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now || (invite.email && invite.email !== email)) throw refused();
  if (!existing && (await findUser(db, email))) throw refused();
  const user = existing ?? (await insertUser(db, email, input.name ?? email.split("@")[0]!, passwordHash, now));
  await write(db, ctx(invite.orgId), async (tx, emit) => {
    const [taken] = await tx
      .update(invites)
      .set({ acceptedAt: now })
      .where(and(eq(invites.orgId, invite.orgId), eq(invites.id, invite.id), isNull(invites.acceptedAt)))
      .returning();
    if (!taken) throw refused();
    const [row] = await tx
      .insert(memberships)
      .values({ orgId: invite.orgId, id: newId("membership"), userId: user.id, role: invite.role, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) emit({ type: "member.added", object: membershipToApi(row, user) });
  });
  return { user, orgId: invite.orgId };
}
