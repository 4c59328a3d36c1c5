import { useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import { ago, Badge, Empty, ErrorBanner, ListTable, PageHeader, Secret, useAction, useLoad } from "../ui.tsx";

interface Member {
  id: string;
  user: { id: string; email: string; name: string };
  role: string;
  created_at: string;
}
interface Invite {
  id: string;
  email: string | null;
  role: string;
  expires_at: string;
  created_at: string;
}

const ROLES: [string, string][] = [
  ["owner", "Everything, including owners"],
  ["admin", "Everything, and members (not owners)"],
  ["developer", "API keys, webhooks, functions, all data"],
  ["viewer", "Reads data and events; changes nothing"],
];

export function MembersPage({ session }: { session: Session }) {
  const manage = can(session, "members:manage");
  const members = useLoad(() => api<List<Member>>("GET", "/dashboard/api/members"), [session.organization.id]);
  const invites = useLoad(() => (manage ? api<List<Invite>>("GET", "/dashboard/api/invites") : Promise.resolve(null)), [session.organization.id]);
  const [link, setLink] = useState<string | null>(null);
  const [role, setRole] = useState("developer");
  const [email, setEmail] = useState("");
  const act = useAction(async (what: () => Promise<unknown>) => {
    await what();
    members.reload();
    invites.reload();
  });
  const mayTouch = (target: string) => session.role === "owner" || (manage && target !== "owner");
  return (
    <>
      <PageHeader title="Members" subtitle={`People who can sign in to ${session.organization.name}, and what their role lets them do.`} />
      <ErrorBanner error={act.error ?? members.error} />
      {manage && (
        <div class="card">
          <h2>Invite someone</h2>
          <form
            class="filters"
            onSubmit={(e) => {
              e.preventDefault();
              void act.run(async () => {
                const made = await api<{ url: string }>("POST", "/dashboard/api/invites", { role, ...(email && { email }) });
                setLink(`${location.origin}${made.url}`);
                setEmail("");
              });
            }}
          >
            <label class="grow">
              Email <span class="muted small">(optional: only this address may accept)</span>
              <input name="invite_email" type="email" value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
            </label>
            <label>
              Role
              <select name="invite_role" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value)}>
                {ROLES.filter(([r]) => session.role === "owner" || r !== "owner").map(([r]) => (
                  <option value={r}>{r}</option>
                ))}
              </select>
            </label>
            <button class="btn primary">Create invite link</button>
          </form>
          {link && <Secret label="Invite link" value={link} note="Send it to them yourself; it is shown once and works for 7 days, once." />}
        </div>
      )}
      <ListTable
        list={members}
        testid="members"
        head={
          <>
            <th>Person</th>
            <th>Role</th>
            <th>Joined</th>
            <th></th>
          </>
        }
        row={(m) => (
          <tr data-member-id={m.id}>
            <td>
              <div class="strong">
                {m.user.name} {m.user.id === session.user.id && <Badge tone="blue">you</Badge>}
              </div>
              <div class="muted small">{m.user.email}</div>
            </td>
            <td>
              {mayTouch(m.role) ? (
                <select
                  name="role"
                  aria-label={`Role of ${m.user.name || m.user.email}`}
                  value={m.role}
                  onChange={(e) => act.run(() => api("PATCH", `/dashboard/api/members/${m.id}`, { role: (e.target as HTMLSelectElement).value }))}
                >
                  {ROLES.filter(([r]) => session.role === "owner" || r !== "owner").map(([r]) => (
                    <option value={r}>{r}</option>
                  ))}
                </select>
              ) : (
                <Badge tone="grey">{m.role}</Badge>
              )}
            </td>
            <td>{ago(m.created_at)}</td>
            <td class="row-actions">
              {mayTouch(m.role) && m.user.id !== session.user.id && (
                <button
                  class="btn small danger"
                  onClick={() => confirm(`Remove ${m.user.email}?`) && act.run(() => api("DELETE", `/dashboard/api/members/${m.id}`))}
                >
                  Remove
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {manage && invites.data && invites.data.data.length > 0 && (
        <div class="card flush">
          <table class="table">
            <thead>
              <tr>
                <th>Pending invite</th>
                <th>Role</th>
                <th>Expires</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              {invites.data.data.map((i) => (
                <tr>
                  <td>{i.email ?? <span class="muted">anyone with the link</span>}</td>
                  <td>{i.role}</td>
                  <td>{ago(i.expires_at)}</td>
                  <td class="row-actions">
                    <button class="btn small danger" onClick={() => act.run(() => api("DELETE", `/dashboard/api/invites/${i.id}`))}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="card">
        <h2>Roles</h2>
        <dl class="kv">
          {ROLES.map(([r, what]) => (
            <>
              <dt>{r}</dt>
              <dd>{what}</dd>
            </>
          ))}
        </dl>
      </div>
      {!manage && members.data?.data.length === 0 && <Empty title="No members" />}
    </>
  );
}
