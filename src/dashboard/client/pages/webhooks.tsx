import { useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import {
  ActionForm,
  ago,
  Badge,
  ClickableRow,
  dateTime,
  Empty,
  ErrorBanner,
  ListTable,
  Modal,
  OneTimeSecret,
  PageHeader,
  Pre,
  useAction,
  useLoad,
} from "../ui.tsx";
import type { WebhookEndpoint as Endpoint, WebhookDelivery as Delivery, WebhookAttempt as Attempt } from "../models.ts";

const deliveryTone = { pending: "blue", failed: "amber", succeeded: "green", exhausted: "red" } as const;
const RETRIES: [string, number[]][] = [
  ["Standard (9 retries over ~3 days)", [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]],
  ["Quick (3 retries within 10 minutes)", [5, 60, 600]],
  ["None", []],
];

export function WebhooksPage({ session, id }: { session: Session; id?: string }) {
  const manage = can(session, "webhooks:manage");
  const endpoints = useLoad(
    () => (manage ? api<List<Endpoint>>("GET", "/v1/webhook_endpoints?per_page=100") : Promise.resolve(null)),
    [session.organization.id],
  );
  const [editing, setEditing] = useState<Endpoint | "new" | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  if (!manage) {
    return (
      <>
        <PageHeader title="Webhooks" />
        <Empty title="Your role cannot manage webhooks">Owners, admins and developers set up endpoints.</Empty>
      </>
    );
  }
  const selected = endpoints.data?.data.find((e) => e.id === id);
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Events POSTed to your URLs, signed with Standard Webhooks, retried until they succeed."
        actions={
          <button class="btn primary" onClick={() => setEditing("new")}>
            + Add endpoint
          </button>
        }
      />
      {secret && (
        <OneTimeSecret
          title="Signing secret"
          secret={secret}
          note="Verify the webhook-signature header with it (the standardwebhooks or svix libraries do). It is not shown again."
          onStored={() => setSecret(null)}
        />
      )}
      <ErrorBanner error={endpoints.error} />
      <ListTable
        list={endpoints}
        testid="endpoints"
        empty={<Empty title="No endpoints yet">Add a URL to receive events such as invoice.paid or deal.won as they happen.</Empty>}
        head={
          <>
            <th>URL</th>
            <th>Events</th>
            <th>Status</th>
            <th>Created</th>
          </>
        }
        row={(e) => (
          <ClickableRow selected={e.id === id} onOpen={() => (location.hash = `#/webhooks/${e.id}`)} data-endpoint-id={e.id}>
            <td>
              <div class="strong mono">{e.url}</div>
              {e.description && <div class="muted small">{e.description}</div>}
            </td>
            <td class="small">{e.events.join(", ")}</td>
            <td>
              <Badge tone={e.status === "enabled" ? "green" : "red"}>{e.status}</Badge>
              {e.disabled_reason && <div class="muted small">{e.disabled_reason}</div>}
            </td>
            <td>{ago(e.created_at)}</td>
          </ClickableRow>
        )}
      />
      {selected && <EndpointDetail endpoint={selected} onEdit={() => setEditing(selected)} onSecret={setSecret} onChanged={endpoints.reload} />}
      {editing && (
        <EndpointForm
          endpoint={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, newSecret) => {
            setEditing(null);
            if (newSecret) setSecret(newSecret);
            endpoints.reload();
            location.hash = `#/webhooks/${saved.id}`;
          }}
        />
      )}
    </>
  );
}

function EndpointDetail({
  endpoint,
  onEdit,
  onSecret,
  onChanged,
}: {
  endpoint: Endpoint;
  onEdit: () => void;
  onSecret: (s: string) => void;
  onChanged: () => void;
}) {
  const deliveries = useLoad(() => api<List<Delivery>>("GET", `/v1/webhook_endpoints/${endpoint.id}/deliveries?per_page=25`), [endpoint.id]);
  const [open, setOpen] = useState<Delivery | null>(null);
  const act = useAction(async (what: "test" | "rotate" | "toggle" | "delete") => {
    if (what === "test") await api("POST", `/v1/webhook_endpoints/${endpoint.id}/test`);
    if (what === "rotate") {
      if (!confirm("Rotate the signing secret? The old one keeps signing for 24 hours.")) return;
      onSecret((await api<{ secret: string }>("POST", `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in_hours: 24 })).secret);
    }
    if (what === "toggle") await api("PATCH", `/v1/webhook_endpoints/${endpoint.id}`, { status: endpoint.status === "enabled" ? "disabled" : "enabled" });
    if (what === "delete") {
      if (!confirm(`Delete the endpoint ${endpoint.url} and its delivery logs?`)) return;
      await api("DELETE", `/v1/webhook_endpoints/${endpoint.id}`);
      location.hash = "#/webhooks";
    }
    onChanged();
    deliveries.reload();
  });
  return (
    <div class="card">
      <div class="page-header">
        <div>
          <h2 class="mono">{endpoint.url}</h2>
          <p class="subtitle small">
            {endpoint.id} · retries after {endpoint.retry_policy.schedule.length ? endpoint.retry_policy.schedule.map(seconds).join(", ") : "none"} · timeout{" "}
            {endpoint.timeout_ms / 1000}s
          </p>
        </div>
        <div class="actions">
          <button class="btn small" onClick={() => act.run("test")}>
            Send test
          </button>
          <button class="btn small" onClick={onEdit}>
            Edit
          </button>
          <button class="btn small" onClick={() => act.run("rotate")}>
            Rotate secret
          </button>
          <button class="btn small" onClick={() => act.run("toggle")}>
            {endpoint.status === "enabled" ? "Disable" : "Enable"}
          </button>
          <button class="btn small danger" onClick={() => act.run("delete")}>
            Delete
          </button>
        </div>
      </div>
      <ErrorBanner error={act.error ?? deliveries.error} />
      <div class="split-head">
        <h3>Deliveries</h3>
        <button class="btn small" onClick={deliveries.reload}>
          Refresh
        </button>
      </div>
      {deliveries.data?.data.length === 0 ? (
        <Empty title="No deliveries yet">Send a test, or wait for a matching event.</Empty>
      ) : (
        <table class="table" data-testid="deliveries">
          <thead>
            <tr>
              <th>Event</th>
              <th>Status</th>
              <th class="num">Attempts</th>
              <th>Last attempt</th>
              <th>Next</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data?.data.map((d) => (
              <ClickableRow onOpen={() => setOpen(d)} data-delivery-id={d.id}>
                <td>
                  <div class="mono small strong">{d.event_type}</div>
                  <div class="muted small mono">{d.event_id}</div>
                </td>
                <td>
                  <Badge tone={deliveryTone[d.status]}>{d.status}</Badge>
                </td>
                <td class="num">{d.attempt_count}</td>
                <td>{ago(d.last_attempt_at)}</td>
                <td>{d.next_attempt_at ? ago(d.next_attempt_at) : "—"}</td>
              </ClickableRow>
            ))}
          </tbody>
        </table>
      )}
      {open && <DeliveryDetail endpointId={endpoint.id} delivery={open} onClose={() => setOpen(null)} onResent={deliveries.reload} />}
    </div>
  );
}

function seconds(s: number): string {
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.round(s / 60)}m` : `${Math.round(s / 3600)}h`;
}

function DeliveryDetail({ endpointId, delivery, onClose, onResent }: { endpointId: string; delivery: Delivery; onClose: () => void; onResent: () => void }) {
  const attempts = useLoad(() => api<List<Attempt>>("GET", `/v1/webhook_endpoints/${endpointId}/deliveries/${delivery.id}/attempts`), [delivery.id]);
  const resend = useAction(async () => {
    await api("POST", `/v1/webhook_endpoints/${endpointId}/deliveries/${delivery.id}/resend`);
    onResent();
    attempts.reload();
  });
  return (
    <Modal title={`${delivery.event_type} delivery`} onClose={onClose} wide>
      <dl class="kv">
        <dt>Delivery</dt>
        <dd class="mono small">{delivery.id}</dd>
        <dt>Event</dt>
        <dd class="mono small">{delivery.event_id}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={deliveryTone[delivery.status]}>{delivery.status}</Badge>
        </dd>
      </dl>
      <ErrorBanner error={resend.error ?? attempts.error} />
      <h3 style="margin-top:16px">Attempts</h3>
      {attempts.data?.data.length === 0 && <p class="muted">Not tried yet.</p>}
      {attempts.data?.data.map((a) => (
        <div class="attempt" data-testid="attempt">
          <div>
            <Badge tone={a.response_status && a.response_status < 300 ? "green" : "red"}>{a.response_status ?? (a.blocked ? "blocked" : "no response")}</Badge>{" "}
            <span class="muted small">
              {dateTime(a.attempted_at)} · {a.duration_ms} ms
            </span>
          </div>
          {a.error && <div class="small">{a.error}</div>}
          {a.response_body && <Pre>{a.response_body}</Pre>}
        </div>
      ))}
      <div class="modal-actions">
        <button class="btn primary" disabled={resend.busy} onClick={() => resend.run()}>
          Resend
        </button>
      </div>
    </Modal>
  );
}

function EndpointForm({ endpoint, onClose, onSaved }: { endpoint: Endpoint | null; onClose: () => void; onSaved: (e: Endpoint, secret?: string) => void }) {
  const types = useLoad(() => api<List<{ name: string; area: string; description: string }>>("GET", "/v1/event_types"));
  const [url, setUrl] = useState(endpoint?.url ?? "https://");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const [custom, setCustom] = useState("");
  const current = RETRIES.findIndex(([, s]) => JSON.stringify(s) === JSON.stringify(endpoint?.retry_policy.schedule ?? RETRIES[0]![1]));
  const [retry, setRetry] = useState(Math.max(current, 0));
  const submit = useAction(async () => {
    const chosen = [
      ...events,
      ...custom
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ];
    const body = { url, description: description || null, events: [...new Set(chosen)], retry_policy: { schedule: RETRIES[retry]![1] } };
    const saved = endpoint
      ? await api<Endpoint>("PATCH", `/v1/webhook_endpoints/${endpoint.id}`, body)
      : await api<Endpoint & { secret: string }>("POST", "/v1/webhook_endpoints", body);
    onSaved(saved, "secret" in saved ? (saved as { secret: string }).secret : undefined);
  });
  const areas = new Map<string, string[]>();
  for (const t of types.data?.data ?? []) areas.set(t.area, [...(areas.get(t.area) ?? []), t.name]);
  const toggle = (name: string, on: boolean) => setEvents(on ? [...events, name] : events.filter((e) => e !== name));
  return (
    <Modal title={endpoint ? "Edit endpoint" : "Add an endpoint"} onClose={onClose} wide>
      <ActionForm action={submit}>
        <label>
          URL
          <input name="url" required value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Description
          <input name="description" value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
        </label>
        <fieldset>
          <legend>Events</legend>
          <label class="choice">
            <input
              type="checkbox"
              name="events"
              value="*"
              checked={events.includes("*")}
              onChange={(e) => toggle("*", (e.target as HTMLInputElement).checked)}
            />
            <span>
              <strong>Everything</strong> <span class="muted">(*)</span>
            </span>
          </label>
          <div class="event-picker">
            {[...areas].map(([area, names]) => (
              <div>
                <div class="nav-section">{area}</div>
                {names.map((name) => (
                  <label class="choice small">
                    <input
                      type="checkbox"
                      name="events"
                      value={name}
                      checked={events.includes(name)}
                      onChange={(e) => toggle(name, (e.target as HTMLInputElement).checked)}
                    />
                    <span class="mono">{name}</span>
                  </label>
                ))}
              </div>
            ))}
          </div>
          <label>
            Or patterns <span class="muted small">(comma-separated, e.g. deal.*)</span>
            <input name="patterns" value={custom} onInput={(e) => setCustom((e.target as HTMLInputElement).value)} />
          </label>
        </fieldset>
        <label>
          Retries
          <select name="retry" value={String(retry)} onChange={(e) => setRetry(Number((e.target as HTMLSelectElement).value))}>
            {RETRIES.map(([label], i) => (
              <option value={String(i)}>{label}</option>
            ))}
          </select>
        </label>
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button class="btn primary" disabled={submit.busy}>
            {endpoint ? "Save" : "Add endpoint"}
          </button>
        </div>
      </ActionForm>
    </Modal>
  );
}
