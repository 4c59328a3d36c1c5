import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { api, type List, type Session } from "../api.ts";
import { ago, Badge, ClickableRow, Empty, ErrorBanner, Json, ListTable, Loading, Modal, money, PageHeader, Pager, useLoad } from "../ui.tsx";

// biome-ignore lint/suspicious/noExplicitAny: a row of any resource, shown field by field.
type Row = Record<string, any>;

interface Column {
  label: string;
  cell: (r: Row) => ComponentChildren;
  num?: boolean;
}

interface Kind {
  title: string;
  path: string;
  permission: string;
  blurb: string;
  /** Filters offered as controls; anything else the API filters on goes in the free filter box. */
  quick?: { name: string; label: string; options: string[] };
  sorts: string[];
  columns: Column[];
  example: string;
}

const tone = (s: string) =>
  ["paid", "won", "hired", "customer", "active"].includes(s)
    ? "green"
    : ["overdue", "lost", "rejected", "uncollectible"].includes(s)
      ? "red"
      : ["draft", "void"].includes(s)
        ? "grey"
        : "blue";
const name = (r: Row) => [r.first_name, r.last_name].filter(Boolean).join(" ");

const KINDS: Record<string, Kind> = {
  invoices: {
    title: "Invoices",
    path: "/v1/invoices",
    permission: "finance:read",
    blurb: "Receivables, their status and what is still due.",
    quick: { name: "status", label: "Status", options: ["draft", "open", "overdue", "paid", "void", "uncollectible"] },
    sorts: ["-created_at", "due_date", "-due_date", "-amount", "amount"],
    example: "amount[gte]=1000&currency=USD",
    columns: [
      { label: "Number", cell: (r) => <span class="mono small strong">{r.number ?? r.id}</span> },
      { label: "Client", cell: (r) => r.client },
      { label: "Status", cell: (r) => <Badge tone={tone(r.status)}>{r.status}</Badge> },
      { label: "Amount", num: true, cell: (r) => money(r.amount, r.currency) },
      { label: "Due", num: true, cell: (r) => (r.amount_due !== undefined ? money(r.amount_due, r.currency) : "") },
      { label: "Due date", cell: (r) => r.due_date },
    ],
  },
  contacts: {
    title: "Contacts",
    path: "/v1/contacts",
    permission: "growth:read",
    blurb: "People at your accounts.",
    quick: { name: "lifecycle_stage", label: "Lifecycle stage", options: ["lead", "qualified", "customer", "churned"] },
    sorts: ["-created_at", "last_name", "first_name"],
    example: "account_id=acc_…",
    columns: [
      { label: "Name", cell: (r) => <span class="strong">{name(r)}</span> },
      { label: "Email", cell: (r) => <span class="mono small">{r.email}</span> },
      { label: "Title", cell: (r) => r.title ?? "" },
      { label: "Stage", cell: (r) => r.lifecycle_stage && <Badge tone={tone(r.lifecycle_stage)}>{r.lifecycle_stage}</Badge> },
      { label: "Created", cell: (r) => ago(r.created_at) },
    ],
  },
  accounts: {
    title: "Accounts",
    path: "/v1/accounts",
    permission: "growth:read",
    blurb: "Companies you sell to. Open one for its dossier.",
    sorts: ["-created_at", "name", "-employee_count"],
    example: "country=US&employee_count[gte]=100",
    columns: [
      { label: "Name", cell: (r) => <span class="strong">{r.name}</span> },
      { label: "Domain", cell: (r) => <span class="mono small">{r.domain ?? ""}</span> },
      { label: "Industry", cell: (r) => r.industry ?? "" },
      { label: "Country", cell: (r) => r.country ?? "" },
      { label: "Employees", num: true, cell: (r) => r.employee_count ?? "" },
    ],
  },
  deals: {
    title: "Deals",
    path: "/v1/deals",
    permission: "growth:read",
    blurb: "Opportunities moving through your pipelines.",
    quick: { name: "status", label: "Status", options: ["open", "won", "lost"] },
    sorts: ["-created_at", "-amount", "expected_close_date"],
    example: "amount[gte]=5000",
    columns: [
      { label: "Name", cell: (r) => <span class="strong">{r.name}</span> },
      { label: "Status", cell: (r) => <Badge tone={tone(r.status)}>{r.status}</Badge> },
      { label: "Amount", num: true, cell: (r) => (r.amount === null || r.amount === undefined ? "" : money(r.amount, r.currency)) },
      { label: "Expected close", cell: (r) => r.expected_close_date ?? "" },
      { label: "Updated", cell: (r) => ago(r.updated_at) },
    ],
  },
  candidates: {
    title: "Candidates",
    path: "/v1/candidates",
    permission: "talent:read",
    blurb: "People applying to your jobs.",
    quick: { name: "stage", label: "Stage", options: ["applied", "screening", "interview", "offer", "hired", "rejected"] },
    sorts: ["-created_at", "-stage_changed_at", "-rating"],
    example: "rating[gte]=4",
    columns: [
      { label: "Name", cell: (r) => <span class="strong">{name(r)}</span> },
      { label: "Email", cell: (r) => <span class="mono small">{r.email}</span> },
      { label: "Stage", cell: (r) => <Badge tone={tone(r.stage)}>{r.stage}</Badge> },
      { label: "Source", cell: (r) => r.source ?? "" },
      { label: "Rating", num: true, cell: (r) => r.rating ?? "" },
    ],
  },
};

export function DataPage({ session, kind }: { session: Session; kind: string; id?: string }) {
  const def = KINDS[kind] ?? KINDS.invoices!;
  const [q, setQ] = useState("");
  const [quick, setQuick] = useState("");
  const [filters, setFilters] = useState("");
  const [sort, setSort] = useState(def.sorts[0]!);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Row | null>(null);
  const query = new URLSearchParams(filters.replace(/^\?/, ""));
  query.set("page", String(page));
  query.set("per_page", "25");
  query.set("sort", sort);
  if (q) query.set("q", q);
  if (quick && def.quick) query.set(def.quick.name, quick);
  const allowed = session.permissions.includes(def.permission);
  const list = useLoad(() => (allowed ? api<List<Row>>("GET", `${def.path}?${query}`) : Promise.resolve(null)), [query.toString(), session.organization.id]);
  const reset = (set: (v: string) => void) => (e: Event) => {
    set((e.target as HTMLInputElement).value.trim());
    setPage(1);
  };
  return (
    <>
      <PageHeader title={def.title} subtitle={def.blurb} />
      {!allowed ? (
        <Empty title={`Your role cannot read ${def.title.toLowerCase()}`} />
      ) : (
        <>
          <form class="filters" onSubmit={(e) => e.preventDefault()}>
            <label>
              Search
              <input name="q" type="search" placeholder="Search…" onChange={reset(setQ)} />
            </label>
            {def.quick && (
              <label>
                {def.quick.label}
                <select name={def.quick.name} onChange={reset(setQuick)}>
                  <option value="">Any</option>
                  {def.quick.options.map((o) => (
                    <option value={o}>{o}</option>
                  ))}
                </select>
              </label>
            )}
            <label class="grow">
              API filters <span class="muted small">as in GET {def.path}</span>
              <input name="filters" class="mono" placeholder={def.example} onChange={reset(setFilters)} />
            </label>
            <label>
              Sort
              <select name="sort" onChange={reset(setSort)}>
                {def.sorts.map((s) => (
                  <option value={s}>{s}</option>
                ))}
              </select>
            </label>
          </form>
          <ErrorBanner error={list.error} />
          <ListTable
            list={list}
            testid="data"
            empty={<Empty title={`No ${def.title.toLowerCase()} match`}>Create them through the API, or loosen the filters.</Empty>}
            head={def.columns.map((c) => <th class={c.num ? "num" : ""}>{c.label}</th>)}
            row={(r) => (
              <ClickableRow onOpen={() => setOpen(r)}>
                {def.columns.map((c) => (
                  <td class={c.num ? "num" : ""}>{c.cell(r)}</td>
                ))}
              </ClickableRow>
            )}
            footer={list.data && <Pager meta={list.data.meta} page={page} setPage={setPage} />}
          />
        </>
      )}
      {open && (kind === "accounts" ? <Dossier account={open} onClose={() => setOpen(null)} /> : <Detail row={open} onClose={() => setOpen(null)} />)}
    </>
  );
}

function Detail({ row, onClose }: { row: Row; onClose: () => void }) {
  return (
    <Modal title={row.number ?? row.name ?? name(row) ?? row.id} onClose={onClose} wide>
      <Json value={row} />
    </Modal>
  );
}

function Dossier({ account, onClose }: { account: Row; onClose: () => void }) {
  const dossier = useLoad(() => api<Row>("GET", `/v1/accounts/${account.id}/dossier`), [account.id]);
  const d = dossier.data;
  return (
    <Modal title={`${account.name}: dossier`} onClose={onClose} wide>
      <ErrorBanner error={dossier.error} />
      {!d ? (
        <Loading />
      ) : (
        <>
          <div class="stats">
            <div class="stat">
              <div class="label">Contacts</div>
              <div class="value">{d.contacts?.total ?? 0}</div>
            </div>
            <div class="stat">
              <div class="label">Open deals</div>
              <div class="value">{d.deals?.counts?.open ?? 0}</div>
            </div>
            <div class="stat">
              <div class="label">Won / lost</div>
              <div class="value">
                {d.deals?.counts?.won ?? 0} / {d.deals?.counts?.lost ?? 0}
              </div>
            </div>
            <div class="stat">
              <div class="label">Recent events</div>
              <div class="value">{d.recent_events?.length ?? 0}</div>
            </div>
          </div>
          <Json value={d} />
        </>
      )}
    </Modal>
  );
}
