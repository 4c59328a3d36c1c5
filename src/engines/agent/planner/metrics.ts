import { money, plural } from "./answer.ts";
import { Stop, type Session } from "./resolve.ts";

/** The business figures the intelligence snapshot holds, and how people ask for them. */
type Snapshot = {
  id: string;
  generated_at: string;
  finance: {
    currencies: {
      currency: string;
      outstanding: number;
      overdue: number;
      overdue_count: number;
      aging: Record<string, number>;
      days_sales_outstanding: number | null;
    }[];
    overdue_count: number;
  };
  growth: {
    pipeline: {
      totals: { currency: string; open_value: number; weighted_value: number; deal_count: number }[];
      by_stage: { stage_name: string; currency: string; deal_count: number; open_value: number; weighted_value: number }[];
    };
    last_90_days: { won: number; lost: number; win_rate: number | null };
    new_contacts_last_30_days: number;
    sequences: { active_enrollments: number; reply_rate: number | null };
  };
  talent: {
    open_jobs: number;
    open_job_pipelines: { title: string; candidates: Record<string, number> }[];
    median_days_to_hire: number | null;
    hires_last_365_days: number;
  };
};

const pct = (r: number | null) => (r === null ? "not known yet (nothing closed)" : `${Math.round(r * 1000) / 10}%`);
const list = <T>(xs: T[], f: (x: T) => string, none: string) => (xs.length > 0 ? xs.map(f).join(" + ") : none);

const FIGURES: { test: RegExp; text: (s: Snapshot) => string }[] = [
  {
    test: /\bwin(?:ning)? ?rate|\bhow (?:good|well|successful)\b[^.?!]*\b(?:clos(?:e|ing)|win(?:ning)?|convert(?:ing)?)\b|\bclose rate|\bclosing rate|\bhit rate|\bwin ratio|\bwin percentage|\bsuccess rate on deals|\bhow many deals (?:did )?we win|\b(?:percent(?:age)?|share|proportion|ratio|fraction|how often)\b.*\b(?:win|won|close|closed)\b/,
    text: (s) =>
      `Win rate over the last 90 days: ${pct(s.growth.last_90_days.win_rate)} (${s.growth.last_90_days.won} won, ${s.growth.last_90_days.lost} lost).`,
  },
  {
    test: /\bweighted\b|\bhow likely\b.*\bto close\b|\b(?:likelihood|probability|odds)\b.*\b(?:worth|value)\b/,
    text: (s) =>
      `Weighted pipeline: ${list(s.growth.pipeline.totals, (t) => money(t.weighted_value, t.currency), "nothing open")} (open value ${list(s.growth.pipeline.totals, (t) => money(t.open_value, t.currency), "nothing")}).`,
  },
  {
    test: /\bpipeline\b.*\bstages?\b|\bstages?\b.*\bpipeline\b|\b(?:by|each|every|per) stage\b|\b(?:which|what) stage\b.*\b(?:most|biggest|largest|highest|least|smallest)\b/,
    text: (s) => {
      const stages = s.growth.pipeline.by_stage;
      const top = [...stages].sort((a, b) => b.open_value - a.open_value)[0];
      return `Open pipeline by stage:\n${stages.map((b) => `- ${b.stage_name}: ${plural(b.deal_count, "deal")}, ${money(b.open_value, b.currency)} (weighted ${money(b.weighted_value, b.currency)})`).join("\n") || "- no open deals"}${
        top && stages.length > 1 ? `\nThe most is in ${top.stage_name}: ${money(top.open_value, top.currency)}.` : ""
      }`;
    },
  },
  {
    // ("the cash forecast" is money coming in, not the pipeline.)
    test: /\bpipeline\b(?! stage)|(?<!\bcash[\s-])\bforecast\b/,
    text: (s) =>
      `Open pipeline: ${list(s.growth.pipeline.totals, (t) => `${money(t.open_value, t.currency)} in ${plural(t.deal_count, "deal")} (weighted ${money(t.weighted_value, t.currency)})`, "no open deals")}.`,
  },
  {
    test: /\bdso\b|days? sales outstanding|\bdebtor days\b|how (?:long|fast|quickly|soon)\b.*(?:get paid|pay us|pay|collect|settle)|\b(?:how many days|average (?:number of )?days|days on average)\b[^.?!]*\b(?:to pay|pay us|get paid|to collect|collect)\b/,
    text: (s) => `Days sales outstanding: ${list(s.finance.currencies, (c) => `${c.days_sales_outstanding ?? "n/a"} days (${c.currency})`, "no invoices")}.`,
  },
  {
    test: /\bag(?:e)?ing\b/,
    text: (s) =>
      `Overdue by age: ${list(
        s.finance.currencies,
        (c) =>
          `${c.currency}: ${Object.entries(c.aging)
            .map(([k, v]) => `${k.replace("_", "-").replace("-plus", "+")} days ${money(v, c.currency)}`)
            .join(", ")}`,
        "nothing overdue",
      )}.`,
  },
  {
    test: /\breceivables?\b|\bar\b|accounts receivable|(?:total|how much) (?:is |are )?(?:outstanding|owed to us)|\b(?:cash|money)\b[^.?!]*\b(?:waiting (?:on|for)|owed|owing|to come in|coming in|out there|to collect)\b(?:\s+(?:from|by)\s+(?:all\s+)?(?:our\s+)?(?:clients|customers|everyone|everybody|people))?\s*[?.!]*$|\bhow much (?:are|do|is) (?:all\s+)?(?:our\s+)?(?:customers|clients|people|everyone|everybody) (?:owing|owe)(?: us)?\b(?:\s+(?:overall|in total|altogether|all together|in all))?(?:,?\s*(?:in\s+)?all currencies)?\s*[?.!]*$/,
    text: (s) =>
      `Receivables: ${list(s.finance.currencies, (c) => `${money(c.outstanding, c.currency)} outstanding, ${money(c.overdue, c.currency)} overdue`, "nothing outstanding")}; ${s.finance.overdue_count} overdue invoices.`,
  },
  {
    // "the whole funnel", said of sales ("how likely each sale is to close"), is the pipeline.
    test: /^(?!.*\b(?:sales?|deals?|opportunit(?:y|ies)|opps?|to close|closing)\b).*\bfunnel\b|hiring pipeline|candidates by stage|recruiting pipeline/,
    text: (s) =>
      `Hiring funnel (${s.talent.open_jobs} open jobs):\n${
        s.talent.open_job_pipelines
          .map(
            (j) =>
              `- ${j.title}: ${Object.values(j.candidates).reduce((a, b) => a + b, 0)} candidates (${Object.entries(j.candidates)
                .map(([k, v]) => `${v} ${k}`)
                .join(", ")})`,
          )
          .join("\n") || "- no open jobs"
      }${funnelTotals(s.talent.open_job_pipelines.map((j) => j.candidates))}`,
  },
  {
    test: /time[- ]to[- ](?:hire|fill)|days[- ]to[- ](?:hire|fill)|how long .*(?:to )?(?:hire|fill)/,
    text: (s) => `Median time to hire: ${s.talent.median_days_to_hire ?? "n/a"} days (${s.talent.hires_last_365_days} hires in the last 365 days).`,
  },
  {
    test: /\b(?:hires|hired candidates)\b.*\b(?:year|365|12 months|twelve months)\b|how many (?:people |candidates |ppl )?(?:did |have |has )?(?:we |you )?(?:have |'ve )?(?:hire|hired)\b/,
    text: (s) => `${s.talent.hires_last_365_days} hires in the last 365 days.`,
  },
  {
    test: /\b(?:active\s+)?(?:sequence\s+)?enrol?lments\b/,
    text: (s) => `Active sequence enrollments: ${s.growth.sequences.active_enrollments} (reply rate ${pct(s.growth.sequences.reply_rate)}).`,
  },
  {
    test: /\b(?:reply|response) rate\b|\b(?:percent(?:age)?|share|proportion|how often)\b.*\b(?:reply|replies|replied|respond|responded)\b/,
    text: (s) => `Sequence reply rate: ${pct(s.growth.sequences.reply_rate)} (${s.growth.sequences.active_enrollments} active enrollments).`,
  },
  { test: /\bnew contacts\b.*\b30 days\b/, text: (s) => `${s.growth.new_contacts_last_30_days} new contacts in the last 30 days.` },
];
/**
 * Figures asked for in words that name records too ("how good are we at closing deals", "cash we are waiting on
 * from clients"): the business's figure, not a list, when nothing narrows it to one client or deal.
 */
export const FIGURE_PHRASES =
  /\bhow (?:long|fast|quickly|soon)\b[^.?!]*\b(?:to pay|pay us|paying us|get paid|settle (?:their|an?) (?:invoices?|bills?))\b|\bhow (?:good|well|successful)\b[^.?!]*\b(?:clos(?:e|ing)|win(?:ning)?|convert(?:ing)?)\b(?:\s+(?:deals|opps|opportunities|business))?(?:\s+(?:lately|recently|these days|this quarter))?\s*[?.!]*$|\b(?:how many days|average (?:number of )?days|days on average)\b[^.?!]*\b(?:to pay|pay us|get paid)\b|\b(?:cash|money)\b[^.?!]*\b(?:waiting (?:on|for)|owed|owing|to come in|coming in|out there|to collect)\b(?:\s+(?:from|by)\s+(?:all\s+)?(?:our\s+)?(?:clients|customers|everyone|everybody|people))?\s*[?.!]*$|\bhow much (?:are|do|is) (?:all\s+)?(?:our\s+)?(?:customers|clients|people|everyone|everybody) (?:owing|owe)(?: us)?\b(?:\s+(?:overall|in total|altogether|all together|in all))?(?:,?\s*(?:in\s+)?all currencies)?\s*[?.!]*$/;
const OVERVIEW =
  /how are we doing|how(?:'s| is| are) (?:the |our )?(?:business|company|things|we) (?:doing|going)|how'?s business|\bkpis?\b|key (?:figures|metrics|numbers)|business (?:summary|overview|health)|\bdashboard\b|\bsnapshot\b|\bmetrics\b|state of the business/;

/** The figures a request asks for, or null when it asks for none. */
export function asksFigures(text: string): ((s: Snapshot) => string)[] | null {
  const lower = text.toLowerCase();
  const hits = FIGURES.filter((f) => f.test.test(lower)).map((f) => f.text);
  if (hits.length > 0) return hits;
  return OVERVIEW.test(lower) ? [overview] : null;
}

function overview(s: Snapshot): string {
  const f =
    s.finance.currencies.map((c) => `${money(c.outstanding, c.currency)} outstanding (${money(c.overdue, c.currency)} overdue)`).join(" + ") ||
    "nothing outstanding";
  const g =
    s.growth.pipeline.totals
      .map((p) => `${p.deal_count} open deals, ${money(p.open_value, p.currency)} (weighted ${money(p.weighted_value, p.currency)})`)
      .join(" + ") || "no open deals";
  return `Finance: ${f}, ${s.finance.overdue_count} overdue invoices.\nSales: ${g}; win rate ${pct(s.growth.last_90_days.win_rate)} over 90 days.\nHiring: ${s.talent.open_jobs} open jobs, ${s.talent.hires_last_365_days} hires in the last year.`;
}

function age(generated: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(generated)) / 60_000));
  if (minutes < 2) return "just now";
  if (minutes < 120) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`;
}

/** Answers from the latest snapshot, saying how old it is; takes one when none exists and the key may. */
export async function figures(s: Session, wanted: ((s: Snapshot) => string)[], fresh: boolean): Promise<string> {
  const latest = s.tool("snapshot", "latest");
  const take = s.tool("snapshot", "create");
  let snapshot: Snapshot | null = null;
  let taken = false;
  if (fresh && take) {
    snapshot = (await s.call(take, {})) as Snapshot;
    taken = true;
  } else {
    if (!latest) throw new Stop({ content: "This API key cannot read the intelligence snapshots." });
    const outcome = await s.turn.tools.call(latest.name, {});
    if (outcome.status === "completed") snapshot = outcome.result as Snapshot;
    else if (outcome.status === "failed" && outcome.error.code === "not_found") {
      // Taking one is implied here, not asked for: only when the caller may.
      if (!s.mayUse(take)) return "No intelligence snapshot exists yet, and this API key cannot take one.";
      snapshot = (await s.call(take, {})) as Snapshot;
      taken = true;
    } else if (outcome.status === "failed") throw new Stop({ content: `That did not work (${latest.name}): ${outcome.error.detail}` });
  }
  const when = taken
    ? `From a snapshot taken now (${snapshot!.id})`
    : `From the latest snapshot, ${snapshot!.generated_at} (${age(snapshot!.generated_at, s.turn.now)})`;
  return `${when}:\n${wanted.map((w) => w(snapshot!)).join("\n")}`;
}

/** "how many candidates are still active across our open roles": the funnel's stages added up over its jobs. */
function funnelTotals(jobs: Record<string, number>[]): string {
  if (jobs.length < 2) return "";
  const sum = (stages: string[]) => jobs.reduce((n, j) => n + stages.reduce((m, st) => m + (j[st] ?? 0), 0), 0);
  const active = sum(["applied", "screening", "interview", "offer"]);
  const hired = sum(["hired"]);
  const rejected = sum(["rejected"]);
  return `\nIn all: ${active + hired + rejected} candidates, ${active} active (applied to offer), ${hired} hired, ${rejected} rejected.`;
}
