import { Type, type Static } from "typebox";
import { Compile } from "typebox/compile";
import { COUNTRY_CODES } from "../../platform/countries.ts";

/** What the platform knows about an account, handed to a provider. */
export interface EnrichmentInput {
  account: { id: string; name: string; domain: string | null; website: string | null };
  contacts: { id: string; first_name: string | null; last_name: string | null; email: string | null; title: string | null }[];
  deals: { status: "open" | "won" | "lost"; amount: number | null; currency: string }[];
  billing: { currency: string; invoice_count: number; paid: number; outstanding: number; overdue: number }[];
}

/** Firmographic fields a provider may fill; each fills the account's field only while that field is empty. */
export const Firmographics = Type.Object({
  industry: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  employee_count: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  annual_revenue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  country: Type.Optional(Type.String({ pattern: "^[A-Z]{2}$" })),
  website: Type.Optional(Type.String({ pattern: "^https?://", maxLength: 2048 })),
});

export interface EnrichmentResult {
  firmographics: Static<typeof Firmographics>;
  /** Everything the provider found, kept as it reported it. */
  data: Record<string, unknown>;
}

export interface EnrichmentProvider {
  /** Recorded as enrichment.source. */
  name: string;
  /** Rejects (with a message worth showing) when it cannot enrich; must give up when `signal` aborts. */
  enrich(input: EnrichmentInput, signal: AbortSignal): Promise<EnrichmentResult>;
}

// ---------------------------------------------------------------------------
// Built in: offline and deterministic, from the platform's own data.

const INDUSTRY_WORDS: [RegExp, string][] = [
  [/bio|pharma|health|medic|clinic|care|therap/, "Healthcare"],
  [/bank|capital|financ|pay|fund|invest|holding|insur/, "Financial Services"],
  [/logistic|freight|shipping|transport|cargo/, "Logistics"],
  [/food|confection|kitchen|bever|brew|farm/, "Food & Beverage"],
  [/robot|industr|material|manufactur|steel|motor/, "Manufacturing"],
  [/cloud|soft|data|labs?\b|tech|systems|digital|\bai\b|analytics|app/, "Software"],
  [/consult|advis|partners/, "Professional Services"],
];

/** Country-code TLDs that are used as generic ones and say nothing about where a company is. */
const GENERIC_CCTLDS = new Set(["io", "ai", "co", "tv", "me", "ly", "fm", "gg", "to", "cc", "ws", "la", "sh", "ac", "vc", "so", "is"]);

const SENIORITY: [RegExp, string][] = [
  [/\b(chief|ceo|cfo|cto|coo|cmo|cro|founder|owner|president|partner)\b/i, "executive"],
  [/\b(vp|vice president|head|director)\b/i, "director"],
  [/\b(manager|lead|principal)\b/i, "manager"],
];

// First match wins, so the more specific titles come first ("Account Executive" is sales, not finance).
const DEPARTMENTS: [RegExp, string][] = [
  [/\b(sales|account executive|account manager|business development|cro)\b/i, "sales"],
  [/\b(financ\w*|accounting|accountant|controller|cfo|treasur\w*)\b/i, "finance"],
  [/\b(engineer\w*|developer|cto|technical|architect|it)\b/i, "engineering"],
  [/\b(marketing|cmo|brand|growth)\b/i, "marketing"],
  [/\b(operations|coo|supply|procurement)\b/i, "operations"],
  [/\b(people|hr|human resources|talent|recruit\w*)\b/i, "people"],
  [/\b(ceo|founder|president|owner)\b/i, "leadership"],
];

const classify = (text: string, rules: [RegExp, string][], fallback: string) => rules.find(([re]) => re.test(text))?.[1] ?? fallback;

/** The address pattern most of the account's contacts follow (first.last, flast, first). */
function emailPattern(contacts: EnrichmentInput["contacts"]): string | null {
  const counts = new Map<string, number>();
  for (const c of contacts) {
    if (!c.email || !c.first_name || !c.last_name) continue;
    const local = c.email.slice(0, c.email.indexOf("@"));
    const first = c.first_name.toLowerCase();
    const last = c.last_name.toLowerCase();
    const pattern =
      local === `${first}.${last}`
        ? "first.last"
        : local === `${first[0]}${last}`
          ? "flast"
          : local === first
            ? "first"
            : local === `${first}${last}`
              ? "firstlast"
              : null;
    if (pattern) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export const builtinProvider: EnrichmentProvider = {
  name: "builtin",
  async enrich(input) {
    const { account, contacts, deals, billing } = input;
    const firmographics: EnrichmentResult["firmographics"] = {};
    const haystack = `${account.name} ${account.domain ?? ""}`.toLowerCase();
    const industry = classify(haystack, INDUSTRY_WORDS, "");
    if (industry) firmographics.industry = industry;
    if (account.domain) {
      firmographics.website = `https://${account.domain}`;
      const tld = account.domain.slice(account.domain.lastIndexOf(".") + 1);
      const country = tld === "uk" ? "GB" : tld.toUpperCase();
      if (tld.length === 2 && !GENERIC_CCTLDS.has(tld) && COUNTRY_CODES.has(country)) firmographics.country = country;
    }

    const seniority: Record<string, number> = {};
    const departments: Record<string, number> = {};
    const decisionMakers: { contact_id: string; name: string; title: string }[] = [];
    for (const c of contacts) {
      const title = c.title ?? "";
      const level = classify(title, SENIORITY, "individual");
      seniority[level] = (seniority[level] ?? 0) + 1;
      const department = classify(title, DEPARTMENTS, "other");
      departments[department] = (departments[department] ?? 0) + 1;
      if (level === "executive" || level === "director") {
        decisionMakers.push({ contact_id: c.id, name: [c.first_name, c.last_name].filter(Boolean).join(" "), title });
      }
    }

    const dealStats: Record<string, { open: number; won: number; lost: number; open_value: number; won_value: number }> = {};
    for (const d of deals) {
      const s = (dealStats[d.currency] ??= { open: 0, won: 0, lost: 0, open_value: 0, won_value: 0 });
      s[d.status] += 1;
      if (d.status === "open") s.open_value = round2(s.open_value + (d.amount ?? 0));
      if (d.status === "won") s.won_value = round2(s.won_value + (d.amount ?? 0));
    }

    return {
      firmographics,
      data: {
        method: "Derived from the organization's own records: the domain, contacts' titles and emails, deals and invoices.",
        industry_guess: industry || null,
        contacts: {
          count: contacts.length,
          with_email: contacts.filter((c) => c.email).length,
          email_pattern: emailPattern(contacts),
          seniority,
          departments,
          decision_makers: decisionMakers.slice(0, 10),
        },
        deals: dealStats,
        billing,
        customer: billing.some((b) => b.paid > 0) || deals.some((d) => d.status === "won"),
      },
    };
  },
};

// ---------------------------------------------------------------------------
// An external enrichment service over HTTP.

/** What the external service answers: firmographic fields at the top level, anything else under data. */
const HttpAnswer = Type.Intersect([Firmographics, Type.Object({ data: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })]);
const checkAnswer = Compile(HttpAnswer);

export interface HttpProviderOptions {
  url: string;
  apiKey: string | null;
  timeoutMs: number;
}

/**
 * POSTs {domain, name, website} as JSON (Bearer API key when configured) and
 * expects a JSON object of firmographic fields. A non-2xx status, a timeout or
 * an answer of the wrong shape is a failure.
 */
export function httpProvider(options: HttpProviderOptions): EnrichmentProvider {
  const host = new URL(options.url).host;
  return {
    name: `http:${host}`,
    async enrich(input, signal) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ domain: input.account.domain, name: input.account.name, website: input.account.website }),
          signal: AbortSignal.any([signal, timeout]),
        });
      } catch (error) {
        if (timeout.aborted) throw new Error(`The enrichment service at ${host} did not answer within ${options.timeoutMs} ms.`);
        throw new Error(`The enrichment service at ${host} could not be reached: ${(error as Error).message}`);
      }
      if (!response.ok) {
        throw new Error(`The enrichment service at ${host} answered ${response.status} ${response.statusText}.`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error(`The enrichment service at ${host} answered with something that is not JSON.`);
      }
      if (!checkAnswer.Check(body)) throw new Error(`The enrichment service at ${host} answered with an object of the wrong shape.`);
      const { data, ...firmographics } = body as Static<typeof HttpAnswer>;
      if (firmographics.country && !COUNTRY_CODES.has(firmographics.country)) delete firmographics.country;
      return { firmographics, data: data ?? {} };
    },
  };
}
