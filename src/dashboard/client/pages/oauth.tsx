import { useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import {
  ActionForm,
  ago,
  CheckboxGroup,
  dateTime,
  Empty,
  ErrorBanner,
  ListTable,
  Modal,
  OneTimeSecret,
  PageHeader,
  RadioGroup,
  useAction,
  useLoad,
} from "../ui.tsx";
import type { OauthGrant as Grant, OauthApp as OAuthApp } from "../models.ts";

// The scopes an app may ask for (the server's list: /.well-known/oauth-authorization-server).
const SCOPES = [
  "finance:read",
  "finance:write",
  "growth:read",
  "growth:write",
  "talent:read",
  "talent:write",
  "agent:read",
  "agent:write",
  "events:read",
  "webhooks:manage",
  "functions:manage",
  "functions:invoke",
];

const CLIENT_TYPE_CHOICES = [
  ["confidential", "Confidential", "A server that keeps a client secret."],
  ["public", "Public", "A browser, mobile or desktop app: no secret, PKCE only."],
] as const;

function NoAccess({ title, session }: { title: string; session: Session }) {
  return (
    <>
      <PageHeader title={title} />
      <Empty title="Your role cannot manage apps">Ask an owner, admin or developer of {session.organization.name}.</Empty>
    </>
  );
}

/** Apps connected to the organization (its grants), each revocable: its tokens stop at once. */
export function ConnectedAppsPage({ session }: { session: Session }) {
  const manage = can(session, "api_keys:manage");
  const grants = useLoad(() => (manage ? api<List<Grant>>("GET", "/v1/oauth_grants?per_page=100") : Promise.resolve(null)), [session.organization.id]);
  const revoke = useAction(async (grant: Grant) => {
    if (!confirm(`Disconnect ${grant.app?.name ?? "this app"}? Its tokens stop working at once.`)) return;
    await api("DELETE", `/v1/oauth_grants/${grant.id}`);
    grants.reload();
  });
  if (!manage) return <NoAccess title="Connected apps" session={session} />;
  return (
    <>
      <PageHeader title="Connected apps" subtitle="Integrations a member of this organization allowed to act on its data, through OAuth." />
      <ErrorBanner error={grants.error ?? revoke.error} />
      <ListTable
        list={grants}
        testid="grants"
        empty={<Empty title="No connected apps">When a member allows an app on the consent page, it appears here.</Empty>}
        head={
          <>
            <th>App</th>
            <th>Scopes</th>
            <th>Connected</th>
            <th></th>
          </>
        }
        row={(grant) => (
          <tr data-grant-id={grant.id}>
            <td>
              <div class="strong">{grant.app?.name ?? "(deleted app)"}</div>
              <div class="muted small mono">{grant.app?.id}</div>
              {!grant.user_id && <div class="muted small">client credentials</div>}
            </td>
            <td class="small mono">{grant.scopes.join(" ")}</td>
            <td title={dateTime(grant.created_at)}>{ago(grant.created_at)}</td>
            <td class="row-actions">
              <button class="btn small danger" onClick={() => revoke.run(grant)}>
                Disconnect
              </button>
            </td>
          </tr>
        )}
      />
    </>
  );
}

/** The organization's own OAuth clients: register, rotate a secret, delete. */
export function OAuthAppsPage({ session }: { session: Session }) {
  const manage = can(session, "api_keys:manage");
  const apps = useLoad(() => (manage ? api<List<OAuthApp>>("GET", "/v1/oauth_apps?per_page=100") : Promise.resolve(null)), [session.organization.id]);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ title: string; secret: string } | null>(null);
  const remove = useAction(async (app: OAuthApp) => {
    if (!confirm(`Delete ${app.name}? Every organization's connection to it ends at once.`)) return;
    await api("DELETE", `/v1/oauth_apps/${app.id}`);
    apps.reload();
  });
  const rotate = useAction(async (app: OAuthApp) => {
    if (!confirm(`Rotate the secret of ${app.name}? The old one stops working at once.`)) return;
    const rotated = await api<{ client_secret: string }>("POST", `/v1/oauth_apps/${app.id}/rotate_secret`);
    setShown({ title: `New client secret of ${app.name}`, secret: rotated.client_secret });
    apps.reload();
  });
  if (!manage) return <NoAccess title="OAuth apps" session={session} />;
  return (
    <>
      <PageHeader
        title="OAuth apps"
        subtitle="Integrations your organization builds: members authorize them on a consent page instead of handing out API keys."
        actions={
          <button class="btn primary" onClick={() => setCreating(true)}>
            + Register app
          </button>
        }
      />
      {shown && <OneTimeSecret title={shown.title} secret={shown.secret} note="Copy it now: it is not shown again." onStored={() => setShown(null)} />}
      <ErrorBanner error={apps.error ?? remove.error ?? rotate.error} />
      <ListTable
        list={apps}
        testid="oauth-apps"
        empty={<Empty title="No OAuth apps yet">Register one to let members connect your integration.</Empty>}
        head={
          <>
            <th>App</th>
            <th>Type</th>
            <th>Redirect URIs</th>
            <th>Scopes</th>
            <th></th>
          </>
        }
        row={(app) => (
          <tr data-app-id={app.id}>
            <td>
              <div class="strong">{app.name}</div>
              <div class="muted small mono">client_id {app.client_id}</div>
              {app.client_secret_hint && <div class="muted small mono">{app.client_secret_hint}</div>}
            </td>
            <td>{app.client_type}</td>
            <td class="small mono">{app.redirect_uris.join(" ")}</td>
            <td class="small mono">{app.scopes.join(" ")}</td>
            <td class="row-actions">
              {app.client_type === "confidential" && (
                <button class="btn small" onClick={() => rotate.run(app)}>
                  Rotate secret
                </button>
              )}
              <button class="btn small danger" onClick={() => remove.run(app)}>
                Delete
              </button>
            </td>
          </tr>
        )}
      />
      {creating && (
        <RegisterApp
          onClose={() => setCreating(false)}
          onCreated={(app) => {
            setCreating(false);
            if (app.client_secret) setShown({ title: `Client secret of ${app.name}`, secret: app.client_secret });
            apps.reload();
          }}
        />
      )}
    </>
  );
}

function RegisterApp({ onClose, onCreated }: { onClose: () => void; onCreated: (app: OAuthApp & { client_secret?: string }) => void }) {
  const [name, setName] = useState("");
  const [type, setType] = useState<OAuthApp["client_type"]>("confidential");
  const [uris, setUris] = useState("");
  const [scopes, setScopes] = useState<string[]>(["finance:read"]);
  const submit = useAction(async () => {
    const body = { name, client_type: type, redirect_uris: uris.split(/\s+/).filter(Boolean), scopes };
    onCreated(await api<OAuthApp & { client_secret?: string }>("POST", "/v1/oauth_apps", body));
  });
  return (
    <Modal title="Register an OAuth app" onClose={onClose}>
      <ActionForm action={submit}>
        <label>
          Name
          <input
            name="name"
            required
            maxLength={100}
            placeholder="e.g. Ledger Sync"
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </label>
        <RadioGroup legend="Type" name="client_type" options={CLIENT_TYPE_CHOICES} value={type} onChange={setType} />
        <label>
          Redirect URIs (one per line; https, or http to localhost)
          <textarea name="redirect_uris" required rows={3} value={uris} onInput={(e) => setUris((e.target as HTMLTextAreaElement).value)} />
        </label>
        <CheckboxGroup legend="Scopes it may ask for" name="scopes" options={SCOPES} selected={scopes} onChange={setScopes} />
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button class="btn primary" disabled={submit.busy}>
            Register app
          </button>
        </div>
      </ActionForm>
    </Modal>
  );
}
