import { useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import { ActionForm, ago, Badge, ClickableRow, dateTime, Empty, ErrorBanner, ListTable, Modal, PageHeader, Pre, useAction, useLoad } from "../ui.tsx";
import type { EdgeFunction as Fn, FunctionVersion as Version, FunctionInvocation as Invocation } from "../models.ts";

const EXAMPLE = `// One ES module (JavaScript or TypeScript). ctx reads your data with your permissions.
export default {
  async fetch(request, ctx) {
    const overdue = await ctx.engines.finance.invoices.list({ status: "overdue" });
    console.log(\`\${overdue.meta.total} overdue for \${ctx.org.name}\`);
    return { overdue: overdue.meta.total };
  },
};
`;

export function FunctionsPage({ session, name }: { session: Session; name?: string }) {
  const manage = can(session, "functions:manage");
  const fns = useLoad(() => api<List<Fn>>("GET", "/v1/functions?per_page=100"), [session.organization.id]);
  const [deploying, setDeploying] = useState<string | "new" | null>(null);
  const selected = fns.data?.data.find((f) => f.name === name);
  return (
    <>
      <PageHeader
        title="Edge functions"
        subtitle="Your code, run in V8 isolates next to your data: on HTTP calls or on events."
        actions={
          manage && (
            <button class="btn primary" onClick={() => setDeploying("new")}>
              + Deploy function
            </button>
          )
        }
      />
      <ErrorBanner error={fns.error} />
      <ListTable
        list={fns}
        testid="functions"
        empty={
          <Empty title="No functions yet">
            {manage ? "Deploy one from a file: it runs in a sandbox with your permissions." : "Developers deploy functions here."}
          </Empty>
        }
        head={
          <>
            <th>Name</th>
            <th>Live version</th>
            <th>Triggers</th>
            <th>Updated</th>
          </>
        }
        row={(f) => (
          <ClickableRow selected={f.name === name} onOpen={() => (location.hash = `#/functions/${f.name}`)}>
            <td>
              <div class="strong mono">{f.name}</div>
              <div class="muted small mono">{f.invoke_path}</div>
            </td>
            <td>
              v{f.active_version} {f.active_version !== f.latest_version && <Badge tone="amber">latest v{f.latest_version}</Badge>}
            </td>
            <td class="small">{[f.triggers.http && "HTTP", ...f.triggers.events].filter(Boolean).join(", ") || "—"}</td>
            <td>{ago(f.updated_at)}</td>
          </ClickableRow>
        )}
      />
      {selected && <FunctionDetail fn={selected} manage={manage} onDeploy={() => setDeploying(selected.name)} onChanged={fns.reload} />}
      {deploying && (
        <Deploy
          name={deploying === "new" ? null : deploying}
          onClose={() => setDeploying(null)}
          onDone={(fn) => {
            setDeploying(null);
            fns.reload();
            location.hash = `#/functions/${fn.name}`;
          }}
        />
      )}
    </>
  );
}

function FunctionDetail({ fn, manage, onDeploy, onChanged }: { fn: Fn; manage: boolean; onDeploy: () => void; onChanged: () => void }) {
  const [tab, setTab] = useState<"invocations" | "versions">("invocations");
  const versions = useLoad(() => api<List<Version>>("GET", `/v1/functions/${fn.name}/versions`), [fn.name, fn.active_version, fn.latest_version]);
  const invocations = useLoad(() => api<List<Invocation>>("GET", `/v1/functions/${fn.name}/invocations?per_page=25`), [fn.name]);
  const act = useAction(async (what: () => Promise<unknown>) => {
    await what();
    onChanged();
    invocations.reload();
  });
  return (
    <div class="card">
      <div class="page-header">
        <div>
          <h2 class="mono">{fn.name}</h2>
          <p class="subtitle small mono">{fn.invoke_path}</p>
        </div>
        <div class="actions">
          {fn.triggers.http && (
            <button class="btn small" onClick={() => act.run(() => api("POST", fn.invoke_path, {}))}>
              Invoke
            </button>
          )}
          {manage && (
            <button class="btn small" onClick={onDeploy}>
              Deploy new version
            </button>
          )}
        </div>
      </div>
      <ErrorBanner error={act.error ?? versions.error ?? invocations.error} />
      <div class="tabs">
        <button class={tab === "invocations" ? "active" : ""} onClick={() => setTab("invocations")}>
          Invocations
        </button>
        <button class={tab === "versions" ? "active" : ""} onClick={() => setTab("versions")}>
          Versions
        </button>
      </div>
      {tab === "versions" ? (
        <table class="table" data-testid="versions">
          <thead>
            <tr>
              <th>Version</th>
              <th>SHA-256</th>
              <th class="num">Size</th>
              <th>Deployed</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {versions.data?.data.map((v) => (
              <tr>
                <td>
                  v{v.version} {v.active && <Badge tone="green">live</Badge>}
                </td>
                <td class="mono small">{v.sha256.slice(0, 16)}…</td>
                <td class="num">{v.source_bytes} B</td>
                <td title={dateTime(v.created_at)}>{ago(v.created_at)}</td>
                <td class="row-actions">
                  {manage && !v.active && (
                    <button class="btn small" onClick={() => act.run(() => api("POST", `/v1/functions/${fn.name}/rollback`, { version: v.version }))}>
                      {v.version < fn.active_version ? "Roll back to this" : "Make live"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : invocations.data?.data.length === 0 ? (
        <Empty title="No invocations yet">Call it at its invoke path, or let a matching event trigger it.</Empty>
      ) : (
        <div data-testid="invocations">
          {invocations.data?.data.map((i) => (
            <div class="attempt">
              <div>
                <Badge tone={i.status === "ok" ? "green" : "red"}>{i.status}</Badge>{" "}
                <span class="small">
                  v{i.version} · {i.trigger}
                  {i.method ? ` ${i.method}` : ""}
                  {i.response_status ? ` → ${i.response_status}` : ""}
                </span>{" "}
                <span class="muted small">
                  {dateTime(i.started_at)} · {Math.round(i.duration_ms)} ms
                </span>
              </div>
              {i.error && (
                <div class="small">
                  <strong>{i.error.name}</strong>: {i.error.message}
                </div>
              )}
              {i.logs.length > 0 && <Pre>{i.logs.map((l) => `[${l.level}] ${l.message}`).join("\n")}</Pre>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function Deploy({ name, onClose, onDone }: { name: string | null; onClose: () => void; onDone: (fn: Fn) => void }) {
  const [fnName, setFnName] = useState(name ?? "");
  const [source, setSource] = useState(name ? "" : EXAMPLE);
  const submit = useAction(async () => {
    const fn = name ? await api<Fn>("POST", `/v1/functions/${name}/versions`, { source }) : await api<Fn>("POST", "/v1/functions", { name: fnName, source });
    onDone(fn);
  });
  const load = async (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) setSource(await file.text());
  };
  return (
    <Modal title={name ? `Deploy a new version of ${name}` : "Deploy a function"} onClose={onClose} wide>
      <ActionForm action={submit}>
        {!name && (
          <label>
            Name
            <input name="fn_name" required placeholder="overdue-digest" value={fnName} onInput={(e) => setFnName((e.target as HTMLInputElement).value)} />
          </label>
        )}
        <label>
          Source <span class="muted small">(paste, or choose a .js/.ts file)</span>
          <input type="file" accept=".js,.mjs,.ts,.mts" onChange={load} />
          <textarea name="source" required value={source} onInput={(e) => setSource((e.target as HTMLTextAreaElement).value)} spellcheck={false} />
        </label>
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button class="btn primary" disabled={submit.busy}>
            Deploy
          </button>
        </div>
      </ActionForm>
    </Modal>
  );
}
