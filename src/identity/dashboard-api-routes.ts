import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Role } from "./identity-table.ts";
import { ROLES } from "./identity-table.ts";
import {
  acceptInvite,
  changeRole,
  createInvite,
  listInvites,
  listMembers,
  membershipsOf,
  removeMember,
  revokeInvite,
  signIn,
  signUp,
} from "./identity-service.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, RECOMMENDED_COST, type PasswordCost } from "./passwords.ts";
import { clearSessionCookie, csrfTokenFor, readCookie, revokeSession, SESSION_COOKIE, startSession, switchSessionOrg } from "./sessions.ts";
import type { Db } from "../db/connection.ts";
import type { MemberIdentity } from "../platform/auth/caller.ts";
import { ApiError } from "../platform/errors.ts";
import type { Api } from "../platform/http.ts";
import { orgToApi } from "../platform/orgs/orgs-service.ts";
import type { RateLimitStore } from "../platform/rate-limit/gcra.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { Id, IdParams, StringEnum } from "../platform/schemas.ts";
import { sha256 } from "./sessions.ts";

/** Sign-in attempts: per account (whoever tries it) and per client address, GCRA like the API's own limits. */
export interface SignInLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 10, perIp: 50, windowMs: 15 * 60_000 };

/** Tests lower the password hashing cost and the sign-in limits. */
export interface DashboardApiOptions {
  passwordCost?: PasswordCost;
  signInLimits?: SignInLimits;
}

/**
 * The dashboard's own API (hidden from the OpenAPI document): sign-up and sign-in, the session, members and
 * invites. It lives with identity, whose tables it serves; dashboard/ serves the page and its assets.
 */
export const DASHBOARD_API = "/dashboard/api";
const manage = { permission: "members:manage" } as const;
const hidden = { hide: true };

// Control characters (NUL above all, which PostgreSQL text cannot hold) are refused where text is stored or looked up.
const NO_CONTROL = "^[^\\u0000-\\u001f\\u007f]*$";
const Email = Type.String({ format: "email", minLength: 3, maxLength: 254, pattern: NO_CONTROL });
const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL });
const RoleSchema = StringEnum(ROLES);
const MemberParams = IdParams("membership");
const InviteParams = IdParams("invite");

/** Dashboard-only routes need a person, not a key: keys never manage members or sessions. */
function memberOf(request: FastifyRequest): MemberIdentity {
  const member = callerOf(request).member;
  if (!member) throw new ApiError("insufficient_permission", "This route is for members signed in to the dashboard, not API keys.");
  return member;
}

export function registerDashboardApiRoutes(app: Api, db: Db, throttle: RateLimitStore, options: DashboardApiOptions = {}): void {
  const limits = options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS;
  const cost = options.passwordCost ?? RECOMMENDED_COST;

  /** Spends one attempt for the address and one for the account; the account's bucket is keyed by a hash, known or not. */
  async function throttleSignIn(request: FastifyRequest, email: string): Promise<void> {
    const now = request.now.getTime();
    const checks = [
      await throttle.consume(`signin:ip:${request.ip}`, limits.perIp, limits.windowMs, now),
      await throttle.consume(`signin:account:${sha256(email.trim().toLowerCase())}`, limits.perAccount, limits.windowMs, now),
    ];
    const refused = checks.find((d) => !d.allowed);
    if (refused) {
      throw new ApiError("rate_limited", `Too many sign-in attempts. Try again in ${refused.retryAfterSeconds} s.`, {
        headers: { "retry-after": String(refused.retryAfterSeconds) },
      });
    }
  }

  async function sessionBody(request: FastifyRequest, reply: FastifyReply, userId: string, orgId: string, status: number) {
    const { csrfToken } = await startSession(db, request, reply, userId, orgId);
    return reply.code(status).send({ object: "session", csrf_token: csrfToken });
  }

  app.post(
    `${DASHBOARD_API}/sign_up`,
    {
      config: { public: true },
      schema: { ...hidden, body: Type.Object({ email: Email, password: Password, name: Name, organization_name: Name }, { additionalProperties: false }) },
    },
    async (request, reply) => {
      await throttleSignIn(request, request.body.email);
      const { body } = request;
      const { user, org } = await signUp(
        db,
        { email: body.email, password: body.password, name: body.name, organizationName: body.organization_name },
        request.now,
        cost,
      );
      return sessionBody(request, reply, user.id, org.id, 201);
    },
  );

  app.post(
    `${DASHBOARD_API}/sign_in`,
    {
      config: { public: true },
      schema: {
        ...hidden,
        body: Type.Object(
          {
            email: Type.String({ minLength: 1, maxLength: 254, pattern: NO_CONTROL }),
            password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      await throttleSignIn(request, request.body.email);
      const { user, orgId } = await signIn(db, request.body.email, request.body.password, cost);
      return sessionBody(request, reply, user.id, orgId, 200);
    },
  );

  app.post(
    `${DASHBOARD_API}/invites/accept`,
    {
      config: { public: true },
      schema: {
        ...hidden,
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 100 }), email: Email, password: Password, name: Type.Optional(Name) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      await throttleSignIn(request, request.body.email);
      const { user, orgId } = await acceptInvite(db, request.body, request.now, cost);
      return sessionBody(request, reply, user.id, orgId, 200);
    },
  );

  app.post(`${DASHBOARD_API}/sign_out`, { schema: hidden }, async (request, reply) => {
    await revokeSession(db, memberOf(request).sessionId, request.now);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get(`${DASHBOARD_API}/session`, { schema: hidden }, async (request) => {
    const caller = callerOf(request);
    const member = memberOf(request);
    const organizations = await membershipsOf(db, member.userId);
    return {
      object: "session",
      user: { id: member.userId, email: member.email, name: member.name },
      organization: orgToApi(caller.org),
      role: member.role,
      permissions: [...caller.permissions],
      csrf_token: csrfTokenFor(readCookie(request, SESSION_COOKIE)!),
      organizations: organizations.map(({ org, role }) => ({ id: org.id, name: org.name, role })),
    };
  });

  app.post(
    `${DASHBOARD_API}/session/organization`,
    { schema: { ...hidden, body: Type.Object({ organization_id: Id("org") }, { additionalProperties: false }) } },
    async (request, reply) => {
      const member = memberOf(request);
      const target = (await membershipsOf(db, member.userId)).find((m) => m.org.id === request.body.organization_id);
      if (!target) throw new ApiError("not_found", `No organization with id ${request.body.organization_id}.`);
      await switchSessionOrg(db, member.sessionId, target.org.id);
      return reply.code(204).send();
    },
  );

  app.get(`${DASHBOARD_API}/members`, { schema: hidden }, async (request) => {
    memberOf(request);
    const data = await listMembers(db, callerOf(request).org.id);
    return { data, meta: { total: data.length, page: 1, per_page: data.length } };
  });

  app.patch(
    `${DASHBOARD_API}/members/:id`,
    { config: manage, schema: { ...hidden, params: MemberParams, body: Type.Object({ role: RoleSchema }, { additionalProperties: false }) } },
    async (request) => changeRole(db, writeContext(request), memberOf(request).role as Role, request.params.id, request.body.role),
  );

  app.delete(`${DASHBOARD_API}/members/:id`, { config: manage, schema: { ...hidden, params: MemberParams } }, async (request) =>
    removeMember(db, writeContext(request), memberOf(request).role as Role, request.params.id),
  );

  app.get(`${DASHBOARD_API}/invites`, { config: manage, schema: hidden }, async (request) => {
    memberOf(request);
    const data = await listInvites(db, callerOf(request).org.id, request.now);
    return { data, meta: { total: data.length, page: 1, per_page: data.length } };
  });

  app.post(
    `${DASHBOARD_API}/invites`,
    { config: manage, schema: { ...hidden, body: Type.Object({ role: RoleSchema, email: Type.Optional(Email) }, { additionalProperties: false }) } },
    async (request, reply) => {
      const member = memberOf(request);
      const { invite, token } = await createInvite(db, writeContext(request), { role: member.role as Role, userId: member.userId }, request.body);
      // The token is in the fragment: it never reaches a server log or a Referer header.
      return reply.code(201).send({ ...invite, url: `/dashboard/#/invite/${token}` });
    },
  );

  app.delete(`${DASHBOARD_API}/invites/:id`, { config: manage, schema: { ...hidden, params: InviteParams } }, async (request) => {
    memberOf(request);
    return revokeInvite(db, callerOf(request).org.id, request.params.id, request.now);
  });
}
