import { api, can, type List, type Session } from "../api.ts";
import { BarChart } from "../charts.tsx";
import { ApiProblem } from "../api.ts";
import { ago, Empty, ErrorBanner, Loading, money, PageHeader, useAction, useLoad } from "../ui.tsx";
import type { IntelligenceSnapshot as Snapshot } from "../models.ts";

const AGING_COLORS = ["#fbbf24", "#f59e0b", "#ea580c", "#dc2626"];
const STAGES = ["applied", "screening", "interview", "offer", "hired", "rejected"] as const;

export function OverviewPage({ session }: { session: Session }) {
  const readsAll = ["finance:read", "growth:read", "talent:read"].every((p) => can(session, p));
  const latest = useLoad(
    () =>
      api<Snapshot>("GET", "/v1/intelligence/snapshots/latest").catch((e) => (e instanceof ApiProblem && e.problem.status === 404 ? null : Promise.reject(e))),
    [session.organization.id],
  );
  const refresh = useAction(async () => {
    await api("POST", "/v1/intelligence/snapshots");
    latest.reload();
  });
  const canSnapshot = readsAll; // the API asks reads of every engine, nothing more
  const header = (
    <PageHeader
      title={`${session.organization.name}`}
      subtitle={latest.data ? <>Figures from the intelligence snapshot of {ago(latest.data.generated_at)}.</> : "Your organization at a glance."}
      actions={
        readsAll &&
        canSnapshot && (
          <button class="btn" disabled={refresh.busy} onClick={() => refresh.run()}>
            {refresh.busy ? "Computing…" : "Take a snapshot now"}
          </button>
        )
      }
    />
  );
  if (latest.loading && !latest.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  const s = latest.data;
  if (!s) {
    return (
      <>
        {header}
        <ErrorBanner error={latest.error ?? refresh.error} />
        <Empty title="No snapshot yet">Snapshots summarize receivables, pipeline and hiring. Take one now, or wait for the daily run.</Empty>
      </>
    );
  }
  const main = [...s.finance.currencies].sort((a, b) => b.outstanding - a.outstanding)[0];
  const pipeCurrency = [...s.growth.pipeline.totals].sort((a, b) => b.open_value - a.open_value)[0];
  const stages = new Map<string, number>();
  for (const st of s.growth.pipeline.by_stage.filter((x) => x.currency === pipeCurrency?.currency))
    stages.set(st.stage_name, (stages.get(st.stage_name) ?? 0) + st.open_value);
  const candidates = STAGES.map((stage) => ({ stage, n: s.talent.open_job_pipelines.reduce((sum, j) => sum + (j.candidates[stage] ?? 0), 0) }));
  const winRate = s.growth.last_90_days.win_rate;
  return (
    <>
      {header}
      <ErrorBanner error={latest.error ?? refresh.error} />
      <div class="stats">
        <Stat label="Outstanding" value={main ? money(main.outstanding, main.currency) : "—"} />
        <Stat label="Overdue invoices" value={String(s.finance.overdue_count)} tone={s.finance.overdue_count > 0 ? "warn" : undefined} />
        <Stat label="Open pipeline" value={pipeCurrency ? money(pipeCurrency.open_value, pipeCurrency.currency) : "—"} />
        <Stat label="Win rate (90 days)" value={winRate === null ? "—" : `${Math.round(winRate * 100)}%`} />
        <Stat label="Open jobs" value={String(s.talent.open_jobs)} />
      </div>
      <div class="grid">
        <div class="card" data-testid="chart-aging">
          <h2>Receivables aging {main && <span class="muted small">({main.currency}, overdue by days)</span>}</h2>
          <BarChart
            title={`Receivables aging${main ? ` (${main.currency}, overdue by days)` : ""}`}
            empty="Nothing overdue."
            bars={
              main
                ? (["1_30", "31_60", "61_90", "90_plus"] as const).map((k, i) => ({
                    label: k === "90_plus" ? "90+ days" : `${k.replace("_", "–")} days`,
                    value: main.aging[k],
                    display: money(main.aging[k], main.currency),
                    color: AGING_COLORS[i],
                  }))
                : []
            }
          />
        </div>
        <div class="card" data-testid="chart-pipeline">
          <h2>Pipeline by stage {pipeCurrency && <span class="muted small">({pipeCurrency.currency}, open value)</span>}</h2>
          <BarChart
            title={`Pipeline by stage (${pipeCurrency?.currency ?? ""} open value)`}
            empty="No open deals."
            bars={[...stages].map(([label, value]) => ({ label, value, display: money(value, pipeCurrency!.currency), color: "#6366f1" }))}
          />
        </div>
        <div class="card" data-testid="chart-candidates">
          <h2>
            Candidates by stage <span class="muted small">(open jobs)</span>
          </h2>
          <BarChart
            title="Candidates by stage (open jobs)"
            empty="No candidates for open jobs."
            bars={candidates.map(({ stage, n }) => ({
              label: stage,
              value: n,
              display: String(n),
              color: stage === "rejected" ? "#9ca3af" : stage === "hired" ? "#10b981" : "#22d3ee",
            }))}
          />
        </div>
      </div>
      {can(session, "events:read") && <RecentActivity orgId={session.organization.id} />}
    </>
  );
}

function RecentActivity({ orgId }: { orgId: string }) {
  const events = useLoad(
    () => api<List<{ id: string; type: string; timestamp: string; data: { object: { id: string } } }>>("GET", "/v1/events?per_page=8"),
    [orgId],
  );
  if (!events.data || events.data.data.length === 0) return null;
  return (
    <div class="card flush activity">
      <div class="split-head pad">
        <h2>Recent activity</h2>
        <a href="#/events">All events →</a>
      </div>
      <table class="table">
        <tbody>
          {events.data.data.map((e) => (
            <tr>
              <td class="mono small strong">{e.type}</td>
              <td class="mono small muted">{e.data.object.id}</td>
              <td class="num muted">{ago(e.timestamp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: "warn" }) {
  return (
    <div class="stat">
      <div class="label">{label}</div>
      <div class="value" style={tone === "warn" ? "color:#c2410c" : undefined}>
        {value}
      </div>
    </div>
  );
}
