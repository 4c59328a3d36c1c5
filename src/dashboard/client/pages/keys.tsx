import { useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import {
  ActionForm,
  ago,
  Badge,
  CheckboxGroup,
  dateTime,
  Empty,
  ErrorBanner,
  ListTable,
  Modal,
  OneTimeSecret,
  PageHeader,
  Pre,
  RadioGroup,
  useAction,
  useLoad,
} from "../ui.tsx";
import type { ApiKey } from "../models.ts";

const KIND_LABEL = { read_only: "Read-only", engine: "Engine", full_access: "Full access" };
const ENGINES = ["finance", "growth", "talent", "agent"];
const EXPIRY: [string, number | null][] = [
  ["Never", null],
  ["7 days", 7],
  ["30 days", 30],
  ["90 days", 90],
  ["1 year", 365],
];
const ROLL_DELAYS: [string, number][] = [
  ["Now", 0],
  ["1 hour", 3600],
  ["24 hours", 86_400],
  ["7 days", 7 * 86_400],
];

const statusTone = { active: "green", revoked: "red", expired: "grey" } as const;

export function KeysPage({ session }: { session: Session }) {
  const manage = can(session, "api_keys:manage");
  const keys = useLoad(() => (manage ? api<List<ApiKey>>("GET", "/v1/api_keys?per_page=100") : Promise.resolve(null)), [session.organization.id]);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ title: string; secret: string } | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const revoke = useAction(async (key: ApiKey) => {
    if (!confirm(`Revoke "${key.name}"? Requests with it are refused from now on.`)) return;
    await api("DELETE", `/v1/api_keys/${key.id}`);
    keys.reload();
  });

  if (!manage) {
    return (
      <>
        <PageHeader title="API keys" />
        <Empty title="Your role cannot see API keys">Ask an owner, admin or developer of {session.organization.name} for a key.</Empty>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="API keys"
        subtitle={
          <>
            Send a key as <code>Authorization: Bearer &lt;key&gt;</code>. Secrets are shown once, when made.
          </>
        }
        actions={
          <button class="btn primary" onClick={() => setCreating(true)}>
            + Create key
          </button>
        }
      />
      {shown && (
        <OneTimeSecret
          title={shown.title}
          secret={shown.secret}
          note="Copy it now: it is not shown again. Store it in your secrets manager."
          onStored={() => setShown(null)}
        >
          <Pre class="snippet">{`curl -H "Authorization: Bearer ${shown.secret}" ${location.origin}/v1/me`}</Pre>
        </OneTimeSecret>
      )}
      <ErrorBanner error={keys.error ?? revoke.error} />
      <ListTable
        list={keys}
        testid="keys"
        empty={<Empty title="No API keys yet">Create one to call the API from your code.</Empty>}
        head={
          <>
            <th>Name</th>
            <th>Kind</th>
            <th>Key</th>
            <th>Status</th>
            <th>Last used</th>
            <th>Expires</th>
            <th></th>
          </>
        }
        row={(key) => (
          <tr data-key-id={key.id}>
            <td>
              <div class="strong">{key.name}</div>
              <div class="muted small mono">{key.id}</div>
            </td>
            <td>
              {KIND_LABEL[key.kind]}
              {key.engines.length > 0 && <div class="muted small">{key.engines.join(", ")}</div>}
            </td>
            <td class="mono small">{key.hint}</td>
            <td>
              <Badge tone={statusTone[key.status]}>{key.status}</Badge>
            </td>
            <td title={dateTime(key.last_used_at)}>{ago(key.last_used_at)}</td>
            <td title={dateTime(key.expires_at)}>{key.expires_at ? (key.status === "active" ? ago(key.expires_at) : dateTime(key.expires_at)) : "never"}</td>
            <td class="row-actions">
              {key.status === "active" && (
                <>
                  <button class="btn small" onClick={() => setRolling(key)}>
                    Roll
                  </button>
                  <button class="btn small danger" onClick={() => revoke.run(key)}>
                    Revoke
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
      />
      {creating && (
        <CreateKey
          onClose={() => setCreating(false)}
          onCreated={(secret, name) => {
            setCreating(false);
            setShown({ title: `Secret of "${name}"`, secret });
            keys.reload();
          }}
        />
      )}
      {rolling && (
        <RollKey
          apiKey={rolling}
          onClose={() => setRolling(null)}
          onRolled={(secret) => {
            setRolling(null);
            setShown({ title: `New secret of "${rolling.name}"`, secret });
            keys.reload();
          }}
        />
      )}
    </>
  );
}

const KIND_CHOICES = [
  ["read_only", "Read-only", "Reads every engine; changes nothing."],
  ["engine", "Engine", "Reads and writes the engines you pick."],
  ["full_access", "Full access", "Everything, including keys and webhooks."],
] as const;

function CreateKey({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string, name: string) => void }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ApiKey["kind"]>("read_only");
  const [engines, setEngines] = useState<string[]>([]);
  const [days, setDays] = useState<number | null>(null);
  const submit = useAction(async () => {
    const body = {
      name: name || undefined,
      kind,
      ...(kind === "engine" && { engines }),
      ...(days && { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() }),
    };
    const created = await api<{ secret: string; name: string }>("POST", "/v1/api_keys", body);
    onCreated(created.secret, created.name);
  });
  return (
    <Modal title="Create an API key" onClose={onClose}>
      <ActionForm action={submit}>
        <label>
          Name
          <input
            name="name"
            placeholder="e.g. Billing sync (production)"
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            maxLength={100}
          />
        </label>
        <RadioGroup legend="Access" name="kind" options={KIND_CHOICES} value={kind} onChange={setKind} />
        {kind === "engine" && <CheckboxGroup legend="Engines" name="engines" options={ENGINES} selected={engines} onChange={setEngines} />}
        <label>
          Expires
          <select name="expiry" onChange={(e) => setDays(EXPIRY[Number((e.target as HTMLSelectElement).value)]![1])}>
            {EXPIRY.map(([label], i) => (
              <option value={i}>{label}</option>
            ))}
          </select>
        </label>
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button class="btn primary" disabled={submit.busy}>
            Create key
          </button>
        </div>
      </ActionForm>
    </Modal>
  );
}

function RollKey({ apiKey, onClose, onRolled }: { apiKey: ApiKey; onClose: () => void; onRolled: (secret: string) => void }) {
  const [delay, setDelay] = useState(86_400);
  const submit = useAction(async () => {
    const rolled = await api<{ secret: string }>("POST", `/v1/api_keys/${apiKey.id}/roll`, { expires_in_seconds: delay });
    onRolled(rolled.secret);
  });
  return (
    <Modal title={`Roll "${apiKey.name}"`} onClose={onClose}>
      <ActionForm action={submit}>
        <p>A new key with the same access is made now. The old key keeps working until it expires, so you can switch without downtime.</p>
        <label>
          Old key expires
          <select name="delay" value={String(delay)} onChange={(e) => setDelay(Number((e.target as HTMLSelectElement).value))}>
            {ROLL_DELAYS.map(([label, seconds]) => (
              <option value={String(seconds)}>{label}</option>
            ))}
          </select>
        </label>
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button class="btn primary" disabled={submit.busy}>
            Roll key
          </button>
        </div>
      </ActionForm>
    </Modal>
  );
}
