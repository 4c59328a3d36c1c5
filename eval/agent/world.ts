import type { Api } from "./api.ts";

/*
 * The organization as the API shows it, read before a turn (to choose the
 * records a request is about and compute the figures the reply must state)
 * and after it (to see what changed). Only the fields the judge reads are
 * typed.
 */
export interface Invoice {
  id: string;
  number: string;
  client: string;
  account_id: string | null;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  status: "draft" | "open" | "overdue" | "paid" | "void" | "uncollectible";
  due_date: string;
  days_overdue: number;
  description: string | null;
  created_at: string;
}
export interface Account {
  id: string;
  name: string;
  domain: string | null;
  country: string | null;
  industry: string | null;
  employee_count: number | null;
  created_at: string;
}
export interface Contact {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  title: string | null;
  account_id: string | null;
  lifecycle_stage: string;
  tags: string[];
  phone: string | null;
}
export interface Stage {
  id: string;
  name: string;
  kind: "open" | "won" | "lost";
  probability: number;
}
export interface Pipeline {
  id: string;
  name: string;
  stages: Stage[];
}
export interface Deal {
  id: string;
  name: string;
  account_id: string | null;
  stage_id: string;
  amount: number | null;
  currency: string;
  status: "open" | "won" | "lost";
  expected_close_date: string | null;
  contact_ids: string[];
}
export interface Sequence {
  id: string;
  name: string;
  status: string;
}
export interface Enrollment {
  id: string;
  sequence_id: string;
  contact_id: string;
  status: string;
}
export interface Job {
  id: string;
  title: string;
  department: string | null;
  location: string | null;
  employment_type: string | null;
  status: "open" | "closed";
}
export interface Candidate {
  id: string;
  job_id: string;
  first_name: string;
  last_name: string;
  email: string;
  stage: string;
  source: string | null;
  rating: number | null;
  created_at: string;
}
export interface Snapshot {
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
    open_job_pipelines: { job_id: string; title: string; candidates: Record<string, number> }[];
    median_days_to_hire: number | null;
    hires_last_365_days: number;
  };
}

export interface World {
  /** The instant it was read. */
  now: Date;
  invoices: Invoice[];
  accounts: Account[];
  contacts: Contact[];
  pipelines: Pipeline[];
  deals: Deal[];
  sequences: Sequence[];
  enrollments: Enrollment[];
  jobs: Job[];
  candidates: Candidate[];
  snapshot: Snapshot | null;
}

export async function readWorld(api: Api): Promise<World> {
  const [invoices, accounts, contacts, pipelines, deals, sequences, jobs, candidates, latest] = await Promise.all([
    api.all<Invoice>("/v1/invoices"),
    api.all<Account>("/v1/accounts"),
    api.all<Contact>("/v1/contacts"),
    api.all<Pipeline>("/v1/pipelines"),
    api.all<Deal>("/v1/deals"),
    api.all<Sequence>("/v1/sequences"),
    api.all<Job>("/v1/jobs"),
    api.all<Candidate>("/v1/candidates"),
    api.call<Snapshot>("GET", "/v1/intelligence/snapshots/latest"),
  ]);
  const enrollments = (await Promise.all(sequences.map((s) => api.all<Enrollment>(`/v1/sequences/${s.id}/enrollments`)))).flat();
  return {
    now: new Date(),
    invoices,
    accounts,
    contacts,
    pipelines,
    deals,
    sequences,
    enrollments,
    jobs,
    candidates,
    snapshot: latest.status === 200 ? latest.body : null,
  };
}
