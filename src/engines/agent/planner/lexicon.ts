import { distance } from "fastest-levenshtein";
import { COUNT_WORDS } from "./nlp.ts";
import { mayMatch, searchable } from "./literals.ts";

/**
 * The words people use for what the API calls resources, operations, states
 * and fields. Only words: which of them apply is decided by the tools the
 * caller has (catalog.ts) and their schemas.
 */
export const RESOURCE_WORDS: Record<string, string[]> = {
  invoice: ["invoice", "bill", "receivable", "inv"],
  account: ["account", "customer", "company", "client", "organization", "organisation", "org", "business", "firm"],
  contact: ["contact", "person", "people", "prospect", "stakeholder"],
  deal: ["deal", "opportunity", "opp", "oppty", "renewal"],
  sequence: ["sequence", "campaign", "cadence", "outreach", "drip", "flow"],
  enrollment: ["enrollment", "enrolment"],
  job: ["job", "role", "opening", "position", "vacancy", "req", "requisition", "posting", "job posting", "job ad"],
  candidate: ["candidate", "applicant", "application"],
  pipeline: ["pipeline"],
  snapshot: ["snapshot"],
  event: ["event", "activity"],
};

export type Action =
  | "list"
  | "count"
  | "sum"
  | "top"
  | "show"
  | "create"
  | "update"
  | "stage"
  | "delete"
  | "void"
  | "uncollectible"
  | "pay"
  | "enroll"
  | "unenroll"
  | "pause"
  | "resume"
  | "archive"
  | "hire"
  | "reject"
  | "enrich"
  | "summarize"
  | "snapshot"
  | "finalize"
  | "win"
  | "lose"
  | "close"
  | "help";
/** The actions that only read: what a request asks to see, count or add up. */
export const READS: ReadonlySet<Action | undefined> = new Set<Action>(["list", "count", "sum", "top", "show"]);

/** Verbs (as roots) and the action they ask for. */
export const ACTION_WORDS: Record<string, Action> = {
  list: "list",
  show: "list",
  find: "list",
  display: "list",
  see: "list",
  view: "list",
  search: "list",
  look: "list",
  pull: "list",
  give: "list",
  fetch: "list",
  which: "list",
  what: "list",
  who: "list",
  whose: "list",
  any: "list",
  count: "count",
  total: "sum",
  sum: "sum",
  owe: "sum",
  balance: "sum",
  top: "top",
  smallest: "top",
  small: "top",
  lowest: "top",
  low: "top",
  cheapest: "top",
  largest: "top",
  biggest: "top",
  highest: "top",
  largest_: "top",
  big: "top",
  large: "top",
  high: "top",
  create: "create",
  add: "create",
  new: "create",
  open: "create",
  start: "create",
  register: "create",
  log: "create",
  draft: "create",
  raise: "create",
  setup: "create",
  post: "create",
  publish: "create",
  advertise: "create",
  update: "update",
  change: "update",
  set: "update",
  edit: "update",
  rename: "update",
  modify: "update",
  make: "update",
  correct: "update",
  move: "stage",
  advance: "stage",
  mark: "stage",
  progress: "stage",
  promote: "stage",
  push: "stage",
  bump: "stage",
  shift: "stage",
  put: "stage",
  // "throw olivia in the follow up seq", "stick her in Qualified", "pop him into interview": put.
  throw: "stage",
  stick: "stage",
  chuck: "stage",
  pop: "stage",
  slot: "stage",
  delete: "delete",
  remove: "delete",
  erase: "delete",
  drop: "delete",
  trash: "delete",
  void: "void",
  cancel: "void",
  annul: "void",
  kill: "void",
  nix: "void",
  pay: "pay",
  settle: "pay",
  collect: "pay",
  receive: "pay",
  wire: "pay",
  transfer: "pay",
  remit: "pay",
  enroll: "enroll",
  enrol: "enroll",
  subscribe: "enroll",
  unenroll: "unenroll",
  unenrol: "unenroll",
  unsubscribe: "unenroll",
  pause: "pause",
  suspend: "pause",
  stop: "pause",
  halt: "pause",
  hold: "pause",
  resume: "resume",
  unpause: "resume",
  restart: "resume",
  activate: "resume",
  reactivate: "resume",
  launch: "resume",
  archive: "archive",
  hire: "hire",
  onboard: "hire",
  reject: "reject",
  decline: "reject",
  disqualify: "reject",
  dq: "reject",
  enrich: "enrich",
  summarize: "summarize",
  summarise: "summarize",
  summary: "summarize",
  brief: "summarize",
  rundown: "summarize",
  dossier: "summarize",
  overview: "summarize",
  profile: "summarize",
  snapshot: "snapshot",
  finalize: "finalize",
  finalise: "finalize",
  issue: "finalize",
  send: "finalize",
  // ("you can emit it now": a second language's word for issuing.)
  emit: "finalize",
  win: "win",
  won: "win",
  signed: "win",
  lose: "lose",
  lost: "lose",
  fell_through: "lose",
  closed_lost: "lose",
  closed_won: "win",
  close: "close",
  fill: "close",
  help: "help",
};

/** Words that name a state in a filter or a move, beyond the state's own name. */
export const VALUE_WORDS: Record<string, string[]> = {
  overdue: ["overdue", "late", "past due", "past-due", "delinquent", "outstanding overdue", "in arrears"],
  open: ["open", "active", "live", "current", "pending"],
  paid: ["paid", "settled", "collected"],
  void: ["void", "voided", "cancelled", "canceled", "scrapped"],
  uncollectible: ["uncollectible", "written off", "written-off", "wrote off", "bad debt", "bad debts", "bad-debt", "unrecoverable", "uncollectable"],
  draft: ["draft", "drafts", "unsent"],
  won: ["won", "closed won", "closed-won", "close won", "close-won", "win", "wins", "signed", "booked"],
  lost: ["lost", "closed lost", "closed-lost", "close lost", "close-lost", "dead", "fell through"],
  closed: ["closed", "filled"],
  applied: ["applied", "new applicants", "new candidates"],
  screening: ["screening", "screen", "screened", "phone screen", "phone screening", "phone screens"],
  interview: ["interview", "interviews", "interviewing", "interviewed", "onsite", "on-site", "final round"],
  offer: ["offer", "offers", "offered", "offers out", "offer out", "offer extended", "offers extended"],
  hired: ["hired"],
  rejected: ["rejected", "declined", "disqualified", "turned down", "passed on", "not moving forward", "not progressing"],
  active: ["active", "running", "live"],
  paused: ["paused", "on hold", "stopped", "suspended"],
  archived: ["archived"],
  lead: ["lead", "leads"],
  // (Marketing's and sales' "qualified lead".)
  qualified: ["qualified", "mql", "mqls", "sql", "sqls"],
  customer: ["customer", "customers"],
  churned: ["churned"],
  replied: ["replied", "responded"],
  completed: ["completed", "finished", "done"],
  full_time: ["full time", "full-time", "fulltime"],
  part_time: ["part time", "part-time", "parttime"],
  contract: ["contract", "contractor", "freelance"],
  internship: ["internship", "intern"],
  temporary: ["temporary", "temp"],
};

/**
 * Phrasal verbs and idioms, read as the one word that says the same
 * ("turn down Ann" is "reject Ann"; "candidates we passed on" are rejected
 * ones; "who applied for the backend job" are the job's candidates, whatever
 * their stage). Applied to the request before it is read; `$1` keeps a part.
 */
/**
 * A reason or remark after the request ("void INV-3, the customer cancelled"): it changes nothing. Not read in a
 * create, where "she's their head of ops" or "they're based in Canada" are the record's values. Nor before a request
 * ("We've filled the post, thank goodness, please close the vacancy").
 */
export const REASON =
  /\s*[,;–—-]+\s*(?:because|since|(?:the\s+)?(?:customer|client)\s+\w+ed\b|as\s+(?:he|she|they|it)|not\s+(?:a|the|really)|no\s+longer|(?:he|she|they|it)(?:'s|'re|\s+is|\s+are|\s+was|\s+were)|it\s+was|was\s+a|too\s+\w+|wrong\s+\w+|duplicate\b|thanks?\b|thank\s+you|we(?:'re|\s+are|'ve|\s+have|'ll|\s+will)?\s+(?:not|no\s+longer|never|decided|done)|(?:he|she|they)\s+\w+ed\b|(?:the|his|her|their|its|our|my)\s+\w+(?:\s+\w+){0,4}\s+(?:was|were|went|got|came\s+back|looked|seemed|is\s+(?:very|really|super|so)|are\s+(?:very|really|super|so))|(?:i|we)\s+(?:read|saw|met|spoke|talked|think|thought|liked|loved|feel|felt|checked|reviewed|interviewed|called|heard)\b|not\s+\w+\s+enough|(?:is|was)\s+(?:a\s+)?(?:very|really|super)\s+\w+|(?:(?:i|we)\s+)?(?:made|created|raised|added|entered|did)\s+(?:it|this|that|them)\s+(?:by\s+mistake|in\s+error|twice)|\w+(?:\s+\w+)?\s+(?:went|came\s+back|looked|seemed)\s+(?:fine|well|great|ok|okay|good|badly|poorly|smoothly|strong)\b)\b(?:(?![,.;]\s*(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you)\b).)*$/gi;
/** Time said in passing: "at the moment", "right now", "as of today". */
export const TIME_SAID =
  /\s*\b(?:at\s+the\s+moment|at\s+the\s+minute|at\s+the\s+mo|right\s+now|as\s+of\s+(?:now|today)|as\s+we\s+speak|at\s+present|for\s+now|any\s?more|currently|presently|actually|actual(?=\s*(?:[?.!,]|$)))\b/gi;

/** A pattern and what it becomes (a function where the words matched decide). */
export type Rewrite = [RegExp, string | ((match: string, ...groups: string[]) => string)];

/** "we need to", "I'd like you to": what someone wants done, said before the verb. */
export const WANT_TO = /(?:we|i)\s+(?:need|want|have|should|must|'d\s+like|would\s+like)\s+(?:you\s+)?to/i;
/** A request to create: its remarks are values ("add Priya at Hooli, she's their head of ops"). */
export const CREATE_START = new RegExp(
  String.raw`^\s*(?:(?:please|pls|plz|kindly|can you|could you|would you|can we|could we|hey|hi|ok|okay|quick one|also|and|let'?s|go ahead and|${WANT_TO.source})[,\s]+)*(?:add|create|new|log|register|enter|set up|open|make|put in|onboard|book|raise|draft|bill|invoice|post|record)\b`,
  "i",
);
/** Said to the person in a remark: "she's their head of ops" is a title, "they're based in Canada" a place. */
export const CREATE_REMARKS: Rewrite[] = [
  // "she was a referral", "he arrived by referral": the source, not a remark.
  [
    /\b(?:he|she|they)\s+(?:arrived|came|comes|come|is|was|were)\s+(?:to\s+us\s+)?(?:(?:by|from|via|through|with)\s+(?:an?\s+)?|an?\s+)(referral|linkedin|indeed|agency|website|career\s+page)\b/gi,
    "source is $1",
  ],
  // "Initech want a quote for a full website redesign": the deal is the work quoted, for them.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:want|wants|wanted|asked\s+for|asks\s+for|need|needs|requested)\s+(?:a\s+|an\s+)?(?:quote|proposal|pricing|estimate)\s+(?:for|on)\s+(?:a\s+|an\s+|the\s+)?(?:full\s+|new\s+|complete\s+|whole\s+)?([^,.;!?]+)/g,
    "$2 for $1",
  ],
  // "Leave it as a draft, I'll check the wording before it goes": what the one asking will do next is a remark.
  [/[,;.]\s*(?:and\s+)?(?:i|we)(?:'ll|’ll|\s+will|\s+can)\s+(?!(?:need|want|pay|be\s+paying)\b)(?:just\s+)?[a-z]+\b[^.,;!?\d@]*/gi, ""],
  // "they said they'd decide by end of january": when it is expected to close.
  [
    /\b(?:they|he|she)\s+(?:said\s+)?(?:they|he|she)?(?:'d|’d|\s+would|\s+will|'ll|’ll)\s+(?:decide|sign|commit|close|know|confirm)\s+(?:by|before|in)\s+/gi,
    "closing ",
  ],
  // "..., met him at the meetup last nite": where the one asking met them, which no field holds.
  [
    /\s*[,;.]\s*(?:(?:i|we)\s+)?(?:met|saw|spoke\s+(?:to|with)|talked\s+(?:to|with)|chatted\s+with|bumped\s+into|ran\s+into)\s+(?:him|her|them)\b[^.,;!?]*/gi,
    "",
  ],
  // "and they're UK based", "she's Berlin-based": where.
  [/\b(?:he|she|they|it)(?:'s|'re|’s|’re|\s+is|\s+are)\s+([A-Z][\w.]*(?:\s+[A-Z][\w.]*)?)[\s-]based\b/g, "based in $1"],
  // "Tyrell Biotech has a new head of procurement, Priya Nair (...)": the person, at the account, with that title.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:has|have|hired|brought\s+on|got)\s+a\s+new\s+([A-Za-z][A-Za-z -]{1,40}?)\s*[,:—–-]\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)/g,
    "$3 at $1, title is $2,",
  ],
  // "new candidate for Product Designer: Piotr Nowak, ...": the role, then the person.
  [/\bfor\s+(?:the\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})\s*[:—–]\s+(?=[A-Z][\w'’-]+\s+[A-Z])/g, "for the $1 role - "],
  // "We just signed Soylent Foods through a referral": the new customer; how they came is a remark.
  [
    /\b(?:we\s+)?(?:just\s+|finally\s+)?(?:signed|landed|won|closed)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:through|via|thanks\s+to|off)\s+(?:a\s+|an\s+|the\s+)?[a-z]+\b/g,
    "$1",
  ],
  // "Sam referred someone for the backend opening: Edsger Dijkstra": the person, for that role.
  [/^(?:add\s+a\s+candidate:\s*)?[A-Z][\w'’-]*\s+referred\s+(?:someone|somebody|a\s+\w+)\s+(?=for\b)/, "add a candidate "],
  [/([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?=based|located)/gi, "$1 "],
  // "Priya Raman - she's just started as Head of Operations at Northwind Traders": her title, at that company.
  [
    /([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are|\s+has|\s+have)\s+(?:just\s+|recently\s+)?(?:started|joined|begun|been\s+(?:hired|appointed|promoted|made))\s+as\s+(?:the\s+|their\s+|our\s+|a\s+|an\s+)?(?:new\s+)?([A-Za-z][\w &-]{1,40}?)\s+(at|for|with)\s+(?=[A-Z])/g,
    "$1 title is $2, $3 ",
  ],
  // ("she's the head of finance at Aperture Labs": the title ends where the company begins.)
  [
    /([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?:their|the|our|its)\s+(?:new\s+)?([a-z][\w -]{1,40}?)\s+(?:over\s+|out\s+)?(at|for|with)\s+(?=[A-Z]|[a-z][\w&-]*\s*(?:[,.;]|\s[-–—]\s|$))/g,
    "$1 title is $2, $3 ",
  ],
  // "she's the wedding planner who sends us loads of couples": the title ends where who she is begins.
  [/((?:he|she|they)(?:'s|'re|’s|’re|\s+is|\s+are)\s+(?:their|the|our|its|a|an)\s+(?:new\s+)?[a-z][\w -]{1,40}?)\s+(?:who|that|which)\s+[^,.;!?]*/gi, "$1"],
  // "Priya Raman, their General Counsel, priya@...": a title set apart after the name.
  [
    /,\s*(?:their|his|her|its)\s+(?:new\s+)?(?!(?:e-?mail|phone|mobile|number|website|domain|address|title|role)\b)([A-Za-z][\w&-]*(?:\s+[\w&-]+){0,4}?)\s*(?=,|\.\s|\.?$)/g,
    ", title is $1",
  ],
  // ("she's the one booking their staff in": who does what, no title.)
  [
    /([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?:their|the|our|its)\s+(?:new\s+)?(?!(?:one|ones|person|people|same|only)\b)/gi,
    "$1 title is ",
  ],
  // "she's a lead", "he's a customer": the lifecycle stage.
  [
    /([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?:an?\s+)?(?=(?:lead|subscriber|customer|prospect|qualified|opportunity|evangelist)\b)/gi,
    "$1 lifecycle stage is ",
  ],
  // "her name is priya natarajan she runs operations over there": dictated, the head of what she runs.
  [
    /\s+(?:he|she)\s+(?:runs|leads|heads(?:\s+up)?)\s+([a-z]+(?:\s+(?!over\b|there\b|um\b|uh\b|and\b)[a-z]+)?)(?:\s+over\s+there|\s+there)?(?=\s+(?:um|uh|and|her|his|email|phone|mobile)\b|\s*[,.;]|$)/gi,
    (_: string, what: string) => `, title is Head of ${what.replace(/\b[a-z]/g, (c) => c.toUpperCase())},`,
  ],
  // "she runs accounts payable at Globex": her title, and where.
  [/([,;.]|\s[-–—]\s)\s*(?:he|she|they)\s+(?:runs|leads|heads|manages|handles|owns|looks\s+after)\s+(.+?)\s+(at|for|over\s+at)\s+/gi, "$1 title is $2, at "],
  // "Start it at Proposal", "stick it in qualified": the stage it starts in.
  [/\b(?:start|put|place|open|stick|pop|drop|slot)\s+(?:it|them|this)\s+(?:at|in|into)\s+(?:the\s+)?/gi, "stage "],
  // "the Q1 platform subscription, due end of January": a period naming what is billed is not its date.
  [
    /\b(the|a|an|our|their)\s+(?:q[1-4]|h[12]|20\d\d|(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+20\d\d)?)\s+(?=(?:[a-z-]+\s+){0,2}(?:subscription|retainer|licen[cs]es?|fees?|project|services?|work|support|renewal|pilot|rollout|contract|workshop|training|consulting|implementation|onboarding)\b)/gi,
    "$1 ",
  ],
  // "roughly 200 employees": the headcount.
  [
    /\b(?:roughly|about|around|approx(?:imately)?\.?|~|some|nearly|almost|over)?\s*(\d[\d,]*)\s*\+?\s+(?:employees|staff|people|headcount|ftes?)\b/gi,
    "employee count is $1",
  ],
  // "she's a 4 in my book": her rating.
  [
    /\b(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?:an?\s+)?([1-5])(?:\s*(?:\/\s*5|out\s+of\s+(?:5|five)|stars?))?(?:\s+(?:in\s+my\s+book|for\s+me|imo|in\s+my\s+view))?\b/gi,
    "$1 stars",
  ],
  // "technical recruiter, people team, london": a new role's team is its department.
  [
    /([,;]\s*)([A-Za-z&]+(?:\s+[A-Za-z&]+)?)\s+team(?=\s*[,;.]|\s*$)/gi,
    // (The last argument is the whole text: a team is a department only where a role is being opened.)
    (said: string, before: string, team: string, ...more: string[]) =>
      /\b(?:req|role|job|position|opening|vacancy)\b/i.test(String(more.at(-1))) ? `${before}department: ${team}` : said,
  ],
  // "..., full time, under the sales department": the department, with the word that places the job in it.
  [/([,;]\s*)(?:under|in|within|part\s+of|for)\s+(?:the\s+|our\s+)?([A-Za-z&]+(?:\s+[A-Za-z&]+)?)\s+(?:dept|department)\b/gi, "$1department: $2"],
  // "EUR 12.500,00 towards annual support plan", "a payment towards INV-5": what it is for.
  [/\btowards?\s+(?=(?:the\s+|an?\s+|our\s+|their\s+)?[A-Za-z])(?![a-z]+ing\b)/gi, "for "],
  // "Customer Success Manager, CS dept": the department, said before its word.
  [/(^|[,;:]\s*|\p{Extended_Pictographic}\s*)([A-Za-z&]+(?:\s+[A-Za-z&]+)?)\s+(?:dept|department)\b/giu, "$1, department: $2"],
  // "got headcount approved for a Customer Success Manager": the role is what it was approved for.
  [
    /\b(?:got|have|we've\s+got|we\s+got|finally\s+got)\s+(?:the\s+)?(?:headcount|budget|approval|sign-?off|the\s+green\s+light)\s+(?:approved\s+)?(?:for|to\s+hire)\s+(?:an?\s+)?/gi,
    "",
  ],
  // "came in as a referral", "I'd rate her a 4".
  [/\bcame\s+in\s+(?:as\s+an?|via\s+an?|through\s+an?|from\s+an?)\s+/gi, "source is "],
  [/\b(?:i'd|i\s+would|we'd|let's)?\s*rate\s+(?:him|her|them)\s+(?:an?\s+)?([1-5])\b/gi, "$1 stars"],
  // "found her on LinkedIn", "sourced via an agency": where a candidate came from.
  [/\b(?:found|sourced|met|spotted|got)\s+(?:him|her|them|us)?\s*(?:on|via|through|from|at)\s+(?=\w)/gi, "came in through "],
];

/** Shorthand people type, in the words the rest of the planner reads. Whole words only, so names keep theirs. */
const SHORTHAND: Record<string, string> = {
  ccy: "currency",
  cand: "candidate",
  // Typed in a hurry.
  rejct: "reject",
  rejcted: "rejected",
  rejet: "reject",
  interveiw: "interview",
  interveiws: "interviews",
  intervew: "interview",
  canidate: "candidate",
  canidates: "candidates",
  candiate: "candidate",
  candiates: "candidates",
  cands: "candidates",
  candi: "candidate",
  mgr: "manager",
  mngr: "manager",
  amt: "amount",
  acct: "account",
  accts: "accounts",
  seq: "sequence",
  seqs: "sequences",
  kno: "know",
  dupe: "duplicate",
  dup: "duplicate",
  hes: "he's",
  shes: "she's",
  theyre: "they're",
  whats: "what's",
  wheres: "where's",
  whos: "who's",
  whens: "when's",
  hows: "how's",
  mo: "months",
  mos: "months",
  mths: "months",
  mth: "month",
  yr: "year",
  yrs: "years",
  wk: "week",
  wks: "weeks",
  rcvd: "received",
  recvd: "received",
  "rec'd": "received",
  agst: "against",
  src: "source",
  dsos: "DSO",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  yday: "yesterday",
  jan: "january",
  feb: "february",
  apr: "april",
  jun: "june",
  jul: "july",
  aug: "august",
  sep: "september",
  sept: "september",
  oct: "october",
  nov: "november",
  dec: "december",
  pls: "please",
  wher: "where",
  wat: "what",
  actualy: "actually",
  plz: "please",
  thru: "through",
  w: "with",
  ae: "account executive",
  sdr: "sales development rep",
  bdr: "business development rep",
  qtr: "quarter",
  q: "quarter",
  dept: "department",
  approx: "about",
  cust: "customer",
  custs: "customers",
  invs: "invoices",
  inv: "invoice",
  ppl: "people",
  thier: "their",
  teh: "the",
  shd: "should",
  shld: "should",
  wud: "would",
  til: "until",
  till: "until",
  exec: "executive",
  execs: "executives",
  eng: "engineer",
  engr: "engineer",
  ft: "full time",
  pt: "part time",
  abt: "about",
  mgmt: "management",
  reqs: "jobs",
  fwd: "forward",
  rn: "at the moment",
  hw: "how",
  smth: "something",
  sth: "something",
  smthg: "something",
  smthng: "something",
  pipe: "pipeline",
  referal: "referral",
  u: "you",
  ur: "your",
  b4: "before",
  pmt: "payment",
  pmts: "payments",
  step: "stage",
  steps: "stages",
  phase: "stage",
  "#": "number",
  // Chat: "thx", words typed without their apostrophe.
  thx: "thanks",
  evryone: "everyone",
  everyon: "everyone",
  evry: "every",
  comming: "coming",
  havent: "haven't",
  hasnt: "hasn't",
  hadnt: "hadn't",
  doesnt: "doesn't",
  dont: "don't",
  didnt: "didn't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  cant: "can't",
  wont: "won't",
  wouldnt: "wouldn't",
  couldnt: "couldn't",
  shouldnt: "shouldn't",
  thats: "that's",
  theres: "there's",
  youre: "you're",
  ive: "I've",
  im: "I'm",
};
/** "hm wants a call tmrw", "the hm said no": a hiring manager (not "hm," musing). */
export const HIRING_MANAGER =
  /\bhm\b(?=\s+(?:wants?|wanted|said|says|liked|likes|loved|thinks|thought|is|was|asked|needs|passed|approved|signed|agreed|prefers|didn't|doesn't|isn't|has|had|would|will|wasn't)\b)|(?<=\b(?:the|our|my|their)\s)hm\b/gi;
/** A change made outside double quotes only: words quoted are a name or a note, kept as written. */
export const outsideQuotes = (text: string, change: (part: string) => string) =>
  text
    .split(/(["“][^"“”]*["”])/)
    .map((part, n) => (n % 2 === 1 ? part : change(part)))
    .join("");
/** "new cand for the AE role", "hires last 12 mo": the words in full. */
export const expandShorthand = (text: string) => outsideQuotes(text, expandedOutside);
const expandedOutside = (text: string) =>
  text
    // ("cash flow" is money, not an email flow.)
    .replace(/\bcash\s+flow\b/gi, "cashflow")
    // "our debtor days": days sales outstanding, as British books call it.
    .replace(/\bdebtor\s+days\b/gi, "DSO")
    // "Do move the Stark deal on": an imperative said with emphasis, not a question.
    .replace(/(^|[.!?]\s+)do\s+(?=(?:move|mark|add|put|create|send|record|update|change|set|take|enrol+|reject|close|void|cancel|pay|make|let)\b)/gi, "$1")
    // "have paid the Stark bill at last": finally, not the latest one.
    .replace(/,?\s*\bat\s+(?:long\s+)?last\b(?=\s*(?:[,.;!?]|$|(?:so|and|but|then)\b))/gi, "")
    // "DQ'd", "dispo'd": rejected, in a recruiter's words; "anyone rated 5 stars still in play": candidates still active.
    .replace(/\b(?:dq['’]?(?:e)?d|dq-ed|disqualified|dispo['’]?(?:e)?d|dispositioned)\b/gi, "rejected")
    .replace(/\b(?:still\s+)?in\s+play\b/gi, "still active")
    .replace(/^\s*(?:any|some)(?:one|body)\s+(?=rated\s+\d)/i, "which candidates are ")
    .replace(/\b(rated\s+\d\s*(?:stars?|★)?)\s+(?=still\s+active\b)/gi, "$1 and ")
    .replace(SHORT, (w) => SHORTHAND[w.toLowerCase()] ?? w)
    .replace(TYPO, (w) => TYPOS[w.toLowerCase()] ?? w)
    // "w/ a referral", "b/c they paid": the slash forms of "with" and "because".
    .replace(/(?<![\w/])w\/in\b/gi, "within")
    .replace(/(?<![\w/])w\/(?=\s)/gi, "with")
    .replace(/(?<![\w/])b\/c(?![\w/])/gi, "because")
    // "new lead f/up seq": the slash form of "follow-up".
    .replace(/(?<![\w/])f\/up(?![\w/])/gi, "follow-up")
    // "closing next 30d", "in 2wks": a count of days or weeks run into its unit.
    .replace(/\b(\d+)\s?d\b(?!\.\w)/gi, "$1 days")
    .replace(/\b(\d+)\s?wks?\b/gi, (_, n: string) => `${n} weeks`)
    .replace(HIRING_MANAGER, "hiring manager")
    // "how many accounts r in the crm": "r" for "are", between words.
    .replace(/(?<=[a-z]\s)r(?=\s+[a-z])/gi, "are")
    // ("giv 4 stars": a shorthand before a figure, which SHORT leaves alone.)
    .replace(/\bgiv\b/gi, "give")
    .replace(/\bnxt\b/gi, "next")
    .replace(
      /\bwhich\s+(?:company|companies|customers?|clients?|accounts?)\s+(?:we|did\s+we|have\s+we)\s+(?:closed?\s*-?\s*won|won)(?:\s+(?:already|alr))?\b/gi,
      "which accounts have won deals",
    )
    // "which customer pay half half one": part-paid (read from the words as typed, where "paid" is looked for).
    .replace(/\b(?:which|what)\s+(?:customers?|clients?|companies)\s+(?:pay|paid)\s+half[\s-]half(?:\s+one)?\b/gi, "which clients have part-paid invoices")
    // "what are they into us for (all told)": what they owe (read from the words as typed, where "owe" is looked for).
    .replace(/\bwhat\s+(?:are|is)\s+([\w&'’-]+(?:\s+[\w&'’-]+){0,3}?)\s+into\s+us\s+for\b(?:\s+all\s+told)?/gi, "how much do $1 owe us")
    // "strike rate", "win rate on deals": the win rate, a figure (read from the words as typed).
    .replace(/\b(?:strike|win)\s+rate(?:\s+(?:on|for|with|across)\s+(?:our\s+|the\s+)?(?:deals|opportunities|opps))?\b/gi, "win rate")
    // "séquence", "téléphone": French spellings of the same words.
    .replace(/(?<![\p{L}])s[ée]quence(s?)(?![\p{L}])/giu, "sequence$1")
    .replace(/(?<![\p{L}])t[ée]l[ée]phone(?![\p{L}])/giu, "phone")
    // "5⭐ cands", "⭐⭐⭐⭐": a rating in stars.
    .replace(/\b([1-5])\s?(?:⭐|★)(?:\uFE0F)?/gu, "$1 stars")
    .replace(/(?:(?:⭐|★)\uFE0F?){1,5}/gu, (stars) => `${[...stars.replace(/\uFE0F/g, "")].length} stars`);
// Not before a number: "INV-12" and "inv #12" keep their prefix.
// Not inside a hyphenated word either: "webinar-dec" is a tag, not December.
/** Words misspelt, put right wherever they stand (a figure after one is no shorthand's count: "recieved 5,000"). */
const TYPOS: Record<string, string> = {
  chek: "check",
  wich: "which",
  contatcs: "contacts",
  invocie: "invoice",
  invocies: "invoices",
  recieve: "receive",
  recieved: "received",
  pipline: "pipeline",
  candidat: "candidate",
  candidats: "candidates",
  manger: "manager",
  porcentage: "percentage",
  negotiaton: "negotiation",
  recrd: "record",
  rigth: "right",
};
const TYPO = new RegExp(`(?<![\\p{L}\\p{N}_@.&-])(${Object.keys(TYPOS).join("|")})(?![\\p{L}\\p{N}_@&'’]|\\.\\w|/)`, "giu");
const SHORT = new RegExp(`(?<![\\p{L}\\p{N}_@.&-])(${Object.keys(SHORTHAND).join("|")})(?![\\p{L}\\p{N}_@&'’]|\\.\\w|/|\\s*[-#]?\\s*\\d)`, "giu");

/** Verbs a request is made of, in the forms a polite or relayed request puts them: "would you mind rejecting", "would like her moved". */
const VERB_FORMS: [base: string, ing: string, done: string][] = [
  ["move", "moving", "moved"],
  ["mark", "marking", "marked"],
  ["open", "opening", "opened"],
  ["change", "changing", "changed"],
  ["add", "adding", "added"],
  ["close", "closing", "closed"],
  ["reject", "rejecting", "rejected"],
  ["hire", "hiring", "hired"],
  ["update", "updating", "updated"],
  ["raise", "raising", "raised"],
  ["create", "creating", "created"],
  ["take", "taking", "taken"],
  ["put", "putting", "put"],
  ["record", "recording", "recorded"],
  ["finalise", "finalising", "finalised"],
  ["finalize", "finalizing", "finalized"],
  ["void", "voiding", "voided"],
  ["set", "setting", "set"],
  ["enroll", "enrolling", "enrolled"],
  ["remove", "removing", "removed"],
  ["delete", "deleting", "deleted"],
  ["push", "pushing", "pushed"],
  ["log", "logging", "logged"],
  ["send", "sending", "sent"],
  ["write", "writing", "written"],
  ["rate", "rating", "rated"],
  ["pause", "pausing", "paused"],
  ["list", "listing", "listed"],
];
const ING = VERB_FORMS.map(([, ing]) => ing).join("|");
const DONE = VERB_FORMS.map(([, , done]) => done).join("|");
const baseOf = (form: string) => VERB_FORMS.find(([, ing, done]) => ing === form.toLowerCase() || done === form.toLowerCase())?.[0] ?? form;
/** Someone a request is relayed from: "Diane", "Sam", "the CEO", "finance", "she". */
// Not the last word of a longer name ("Hooli Cloud asked us to bill them" is Hooli Cloud's request, read elsewhere).
const ASKER = String.raw`(?<![A-Z][\w&'’-]*\s)(?:(?:[Tt]he|[Oo]ur|[Mm]y)\s+)?(?:[Ss]ales[- ]ops|[Ss]ales(?:\s+team)?|[Mm]arketing|[Rr]ecruiting|[Tt]alent|[Oo]ps|[Cc]redit\s+control|HR|[Rr]ev[Oo]ps|[Ll]egal|[Pp]rocurement|(?:the\s+)?hiring\s+manager|[\w-]+\s+colleague|(?:[Ff]inance|[Ss]ales|[Mm]arketing|[Oo]ps|[Tt]eam|[Dd]esign|[Ee]ngineering)\s+(?:lead|manager|director|head)|[A-Z][a-z]+|CEO|CFO|COO|CTO|boss|founder|finance(?:\s+team)?|accounts|manager|controller|she|he|they)`;

/**
 * A polite or relayed request, said plainly: "Would you mind rejecting her application?" is "reject her
 * application", "Diane would like her moved forward to the offer stage" is "move her forward to the offer stage",
 * "Could I trouble you for a list of ..." is "list ...". What is asked stays; how it is asked goes.
 */
/** "voided", "written off": the verb that does it. */
const AS_VERB: Record<string, string> = {
  voided: "void",
  cancelled: "cancel",
  canceled: "cancel",
  "written off": "write off",
  deleted: "delete",
  closed: "close",
  paused: "pause",
  archived: "archive",
};
/** A rewrite: a pattern and what it becomes (a function where the words change form: "moved" is "move"). */
const POLITE_REWRITES: Rewrite[] = [
  // "Many thanks, Margaret", "Kind regards, Tom", "Thanks! - Maria": a sign-off and the writer's name.
  [
    /(?:^|([.!?])\s*|[,;]\s*|\s[–—-]\s*)(?:many\s+thanks|thanks(?:\s+(?:so\s+much|a\s+lot|in\s+advance))?|thank\s+you(?:\s+(?:ever\s+so|so|very)\s+much)?|(?:kind|best|warm|warmest)\s+regards|regards|best\s+wishes|all\s+the\s+best|best|cheers|yours(?:\s+sincerely|\s+faithfully|\s+truly)?|with\s+(?:many\s+)?thanks)[,.!]*\s*(?:[–—-]\s*)?[a-z]+(?:\s+[a-z]+)?[.!]?\s*$/i,
    (_: string, stop: string | undefined) => stop ?? ".",
  ],
  // "Hi Sam,", "Dear Margaret,", "Hello there!": a greeting, with whom it greets.
  [/^\s*(?:hi|hello|hey|dear|morning|good\s+(?:morning|afternoon|evening))\s+(?:there|team|all|everyone|folks|[A-Z][a-z]+)\s*[,!.:;–—-]\s*/i, ""],
  // "I'm given to understand that", "I have just learnt that", "I understand from the sales team that", "I'm sorry to
  // report that": how the teller came to know, not what is known.
  [
    /\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:given\s+to\s+understand|told|informed|led\s+to\s+believe|(?:so\s+|very\s+)?(?:sorry|pleased|delighted|happy|glad|sad)\s+to\s+(?:report|say|tell\s+you|let\s+you\s+know|inform\s+you))\s*(?:that\s+)?,?\s*|\b(?:i|we)\s+(?:understand|gather|hear|believe)(?:\s+from\s+(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?)?\s+that\s+|\b(?:i|we)(?:'ve|\s+have)\s+(?:just\s+|now\s+|only\s+just\s+)?(?:learnt|learned|heard|been\s+told|been\s+informed|found\s+out|discovered)(?:\s+from\s+(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?)?\s+that\s+|\b(?:it\s+(?:seems|appears)\s+(?:that\s+)?|apparently,?\s+)/gi,
    "",
  ],
  // "..., I'm pleased to say.", "..., how lovely.": the teller's feeling, after what is told.
  [/\s*,\s*(?:i'm|i\s+am|we're|we\s+are)\s+(?:pleased|delighted|happy|glad|sorry|sad)\s+to\s+(?:say|report)(?=\s*[.!?,;]|$)/gi, ""],
  [
    /\s*[,;]\s*(?:how|what)\s+(?:(?:a\s+)?(?:lovely|wonderful|great|nice|exciting|splendid|marvellous|sad|annoying|frustrating|shame|pity))(?:\s+news)?(?=\s*[.!?]|$)/gi,
    "",
  ],
  // "I'd be most grateful if you could", "I should be grateful if you would": please.
  [
    /\b(?:i'd|i\s+would|i\s+should|we'd|we\s+would|we\s+should)\s+be\s+(?:most\s+|very\s+|really\s+|so\s+|ever\s+so\s+|extremely\s+)?(?:grateful|obliged|thankful)\s+if\s+(?:you\s+)?(?:could|would|might|can)\s+(?:possibly\s+|kindly\s+)?/gi,
    "please ",
  ],
  // "Could you possibly", "please could you", "if I may", "at your earliest convenience": how it is asked.
  [/\b(could|can|would)\s+you\s+possibly\s+/gi, "$1 you "],
  [/\bplease\s+(could|can|would)\s+you\s+/gi, "$1 you "],
  [
    /[,\s]+(?:if\s+i\s+may|if\s+you\s+(?:would|wouldn't\s+mind|don't\s+mind|please)|at\s+your\s+(?:earliest\s+)?convenience|when\s+convenient|in\s+due\s+course|if\s+(?:that's|that\s+is|it's|it\s+is)\s+(?:at\s+all\s+)?(?:possible|ok|okay|alright|all\s+right))\b/gi,
    "",
  ],
  // "and whilst you're at it,": and.
  [/\b(?:and\s+)?(?:whilst|while)\s+you(?:'re|\s+are)\s+at\s+it\s*,?\s*/gi, "and "],
  [/\bwhilst\b/gi, "while"],
  // "Thank you ever so much.", "Many thanks in advance.": closing words.
  [
    /(?:^|[,.!?;]\s*|\s[–—-]\s*)(?:thank\s+you(?:\s+(?:ever\s+so|so|very)\s+much)?|thanks(?:\s+(?:so\s+much|a\s+lot|in\s+advance))?|many\s+thanks(?:\s+in\s+advance)?|much\s+appreciated)[.!\s]*$/i,
    ".",
  ],
  // "..., when you have a moment", "for me, please", "if possible".
  [
    /[,\s]+(?:when|whenever)\s+you\s+(?:have|get)\s+a\s+(?:moment|minute|chance)\b|[,\s]+if\s+(?:at\s+all\s+)?possible\b|\s+for\s+(?:me|him|her|us|them)(?=\s*(?:,\s*please)?\s*[?.!]|\s*,?\s*please\b)/gi,
    "",
  ],
  // "before I send the renewal quote:", "once we sign them,": when the teller acts, a clause that asks nothing.
  // ("when" and "until" stay: "until when they had to pay" is a question.)
  [/\b(?:before|after|once|while|as\s+soon\s+as)\s+(?:i|we|you|they|he|she)\s+[^,:;.?!—–]*[,:;—–]\s*/gi, ""],
  // "we need a new job posting ...", "I want to add a new contact": a request to create.
  // "need new inv for initech": typed with no one and no article.
  [
    /^\s*(?:(?:we|i)\s+)?(?:need|want|would\s+like|'d\s+like|have)\s+(?:to\s+(?:add|open|create|post|set\s+up)\s+)?(?:(?:a|an|another)\s+)?new\b/i,
    "create a new",
  ],
  // "the biggest deal we haven't closed yet", "roles we have yet to fill": still open.
  [
    /\b(?:that\s+|which\s+)?(?:we|they|you)\s+(?:have\s+not|haven't|did\s+not|didn't|have\s+yet\s+to|are\s+yet\s+to)\s+(?:closed?|won?|signed?|filled?)(?:\s+yet)?\b/gi,
    "still open",
  ],
  // "call it Seat expansion": its name.
  [/\bcall\s+it\s+(?=["“A-Z])/g, "called "],
  // "call it analytics add on 12500 dollars": in lower case the name runs to the first value, quoted so its words stay a name.
  [
    /\b(?:call|name)\s+(?:it|the\s+deal|the\s+opportunity)\s+([a-z][\w&'’-]*(?:\s+(?!(?:for|worth|at|due|should|closing|close|expected|in|with|and|valued|amount|value|stage)\b)[a-z][\w&'’-]*){0,5})(?=\s*(?:[,.;]|$|\s+(?:for|worth|at|due|should|closing|close|expected|in|with|and|valued|amount|value|stage)\b|\s+[$€£\d]))/g,
    'called "$1"',
  ],
  // "AE here.", "Office manager here,": who is writing.
  [/^\s*(?:[\w-]+\s+){0,2}[\w-]+\s+here\s*[,.:;!—–-]+\s*/i, ""],
  // "AR is chasing Initech.", "the stark QBR next week": who else is at work, and the meeting, are remarks.
  [/(?<=^\s*|[.!?]\s+)(?:AR|finance|accounts|collections)\s+(?:is|are)\s+chasing\s+([A-Z]?[\w&'’-]+(?:\s+[A-Z][\w&'’-]+)*)\s*[.!]\s*/g, "$1. "],
  [/\s+across\s+the\s+(?:whole\s+)?(?:book|board|business|company|org)\b/gi, ""],
  // "how many invoices r overdue": "r" is "are" only between words that need a verb (never in "R&D").
  [/(?<=\b(?:invoices|deals|contacts|candidates|jobs|accounts|they|we|you|who|which|what|how\s+many|how\s+much|where|when|why|there)\s)r(?=\s+[a-z])/gi, "are"],
  [/^\s*r(?=\s+(?:we|you|u|they|there|any)\b)/i, "are"],
  // "who we ended up hiring for AE": who was hired.
  [/\bwho\s+(?:did\s+)?we\s+(?:ended|end)\s+up\s+hiring\b/gi, "who was hired"],
  // "... — would you be able to let me know?", "would you be able to give me the figure, please?": asked already.
  [
    /[,;\s–—-]+(?:would|could|can)\s+you\s+(?:possibly\s+|please\s+)?(?:be\s+able\s+to\s+)?(?:let\s+me\s+know|give\s+me\s+(?:the|that)\s+(?:figure|number|total|answer|date)|confirm)(?:,?\s*please)?\s*\?\s*/gi,
    "? ",
  ],
  // "I'm afraid", "I'm so sorry to bring bad news": how it is told.
  [/\b(?:i'm|i\s+am)\s+(?:so\s+|very\s+)?(?:afraid|sorry(?:\s+to\s+(?:bring|say|tell)[^,—–.]*)?)\b\s*[,—–-]?\s*/gi, ""],
  // "given five stars", "a four-star candidate": a rating in words.
  [/\b(?:been\s+)?given\s+(one|two|three|four|five|[1-5])[-\s]stars?\b/gi, "$1 stars"],
  [
    /\b(one|two|three|four|five)([-\s])stars?\b/gi,
    (_, n: string, sep: string) => `${["one", "two", "three", "four", "five"].indexOf(n.toLowerCase()) + 1}${sep}stars`,
  ],
  // "where Tim Berners-Lee has got to in the process": that candidate, whose line says where.
  [
    /\bwhere\s+(?!(?:she|he|they|it|we|i)\s)(.{2,40}?)\s+(?:has\s+got\s+to|has\s+got|is|stands|has\s+reached)\s+in\s+(?:the|our)\s+(?:process|pipeline)\b/gi,
    "show candidate $1",
  ],
  // "where's catherine johnson at in the process", "where is Tim at with hiring": a candidate's stage.
  [/\bwhere(?:'s|\s+is|s)\s+(.{2,40}?)\s+at\s+(?:in|with)\s+(?:the\s+|our\s+)?(?:process|pipeline|hiring|interviews?|recruiting)\b/gi, "show candidate $1"],
  // "Could I trouble you for a list of", "Could I ask you for": show.
  [/\b(?:could|may|can)\s+i\s+(?:trouble|bother|ask)\s+you\s+for\s+(?:a\s+list\s+of\s+|the\s+list\s+of\s+)?/gi, "list "],
  // "Could I trouble you to add her", "Could I ask you to finalise it": the request.
  [/\b(?:could|may|can)\s+i\s+(?:trouble|bother|ask)\s+you\s+to\s+/gi, ""],
  // "I was wondering whether you could tell me which ...", "would you be able to let me know ...": the question.
  [
    /\b(?:i\s+was\s+wondering|i\s+wonder|i\s+was\s+hoping)\s+(?:whether|if)\s+(?:you\s+could|you\s+might|you'd\s+be\s+able\s+to|it\s+would\s+be\s+possible\s+to)\s+/gi,
    "could you ",
  ],
  [
    /\b(?:would|could|will|can)\s+you\s+(?:possibly\s+|please\s+)?(?:be\s+able\s+to\s+)?(?:let\s+me\s+(?:know|have)|tell\s+me|give\s+me|find\s+out|remind\s+me)\s+/gi,
    "show me ",
  ],
  // "Would you mind telling me how much ...", "would you mind recording it": the question, the request.
  [/\b(?:would|do)\s+you\s+mind\s+(?:telling|letting)\s+me\s+(?:know\s+)?/gi, "show me "],
  [/\b(?:would|do)\s+you\s+mind\s+([a-z]+?)ing\b/gi, (_: string, verb: string) => `please ${baseOf(`${verb}ing`)}`],
  [/\bwould\s+you\s+happen\s+to\s+know\s+/gi, ""],
  [/\b(?:would|is)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to\s+(?:find\s+out|see|get|have|know|tell\s+me|check)\s+/gi, "show me "],
  [/\b(?:would|is)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to\s+/gi, ""],
  // "Is there a way to get the total?", "is there any way to see ...": the request.
  [/\bis\s+there\s+(?:a|any)\s+way\s+(?:for\s+you\s+)?to\s+(?:find\s+out|see|get|have|know|check)\s+/gi, "show me "],
  [/\bis\s+there\s+(?:a|any)\s+way\s+(?:for\s+you\s+)?to\s+/gi, ""],
  // "I think they're called drafts?", "(I think that's the word)": a guess at the product's word, said aside.
  [/[,.!?\s]*\(?\s*i\s+think\s+(?:they're|they\s+are|it's|it\s+is|that's|that\s+is)\s+called\s+([\w-]+)\s*\??\)?/gi, " ($1)"],
  [/\bwould\s+you\s+be\s+so\s+kind\s+as\s+to\s+/gi, ""],
  // "Would you mind rejecting her application?": reject it.
  [new RegExp(String.raw`\b(?:would|do)\s+you\s+mind\s+(${ING})\b`, "gi"), (_, ing: string) => baseOf(ing)],
  // "Diane would like to know how much ...", "Sam has asked me to move ...", "Diane has agreed we should write off ...":
  // who wants it is not what is wanted.
  [
    new RegExp(
      String.raw`\b${ASKER}\s+(?:would\s+like|wants|needs|has\s+asked(?:\s+me)?|have\s+asked(?:\s+me)?|asked(?:\s+me)?|is\s+asking|was\s+asking|would\s+love)\s+(?:(?:me|us)\s+)?to\s+(?:know|see|have|get|find\s+out|check|look\s+up|figure\s+out)\s+`,
      "g",
    ),
    "",
  ],
  // "For the board pack, ...", "I'm putting the board pack together and could you ...": what it is for.
  [
    /^\s*for\s+(?:the|our|my)\s+(?:board\s+pack|board|report|deck|meeting|review|audit|forecast|pack|slides?|call|sample|testing|working\s+papers|file|records|audit\s+file|year-end|quarter-end)\s*,?\s*(?:i\s+(?:need|want|would\s+like|'d\s+like)\s+)?/i,
    "",
  ],
  // "..., whatever its current status": in any status (the reading keeps the words that ask no filter out).
  [/\s*,?\s*\b(?:whatever|regardless\s+of|irrespective\s+of)\s+(?:its|their|the)\s+(?:current\s+)?status(?:es)?\b/gi, ""],
  [/^\s*(?:i'm|i\s+am|we're|we\s+are)\s+\w+ing\b[^.?!]*?\s+(?:and|so)\s+(?=could\s+you|can\s+you|would\s+you|show\s+me)/i, ""],
  [new RegExp(String.raw`\b${ASKER}\s+(?:was|is)\s+asking\s+(?=how|which|what|who|when|where|whether|if)`, "g"), ""],
  [
    new RegExp(
      // Only where a sentence opens: "..., he asked us to stop emailing him" is a reason, not a request relayed.
      String.raw`(?<=^\s*|[.!?]\s+)${ASKER}\s+(?:has\s+asked|have\s+asked|asked|would\s+like|wants|needs)\s+(?:me|us)\s+to\s+(?!(?:bill|invoice|charge)\s+(?:them|him|her|it)\b)`,
      "g",
    ),
    "",
  ],
  [new RegExp(String.raw`\b${ASKER}\s+(?:has\s+agreed|agreed|has\s+decided|decided)\s+(?:that\s+)?(?:we\s+should\s+|to\s+)`, "g"), ""],
  // "finance lead says to void it": the request passed on.
  [new RegExp(String.raw`\b${ASKER}\s+(?:says|said|tells\s+me|told\s+me)\s+(?:we\s+should\s+|to\s+)(?=[a-z])`, "g"), ""],
  // "Mark agrees it shouldn't have gone out, so could you void it?": who agrees, and why; the request follows "so".
  [
    new RegExp(
      String.raw`(?<=^\s*|[.!?]\s+)${ASKER}\s+(?:agrees|agreed|has\s+agreed|thinks|feels|confirmed|confirms|says|said)\b[^,.;!?]{0,80},\s*so\s+(?=(?:could|can|would|will|please|pls|kindly)\b)`,
      "g",
    ),
    "",
  ],
  // "Diane would like her moved forward to the offer stage", "Sam would like a new deal opened for Initech": do it.
  [
    new RegExp(String.raw`\b${ASKER}\s+(?:would\s+like|wants|needs|asked\s+for|has\s+asked\s+for|have\s+asked\s+for)\s+(.{1,60}?)\s+(${DONE})\b`, "g"),
    (_, what: string, done: string) => `${baseOf(done)} ${what}`,
  ],
  // "could his rating be changed to a 4": change it.
  [new RegExp(String.raw`\b(?:could|can|would)\s+(.{1,40}?)\s+be\s+(${DONE})\b`, "gi"), (_, what: string, done: string) => `${baseOf(done)} ${what}`],
  // "Would you mind?", "Could you do that for him, please?", "Would you mind setting that up?": the request is the one before.
  [
    /(?<=[.!?—–-]\s*)(?:would|could|can|will)\s+you\s+(?:mind|be\s+able\s+to|possibly)?\s*(?:(?:do(?:ing)?|sort(?:ing)?|handl(?:e|ing)|set(?:ting)?)\s+(?:that|it|this)(?:\s+(?:up|out))?|tak(?:e|ing)\s+care\s+of\s+(?:that|it|this)|(?:check(?:ing)?|look(?:ing)?|find(?:ing)?\s+out)(?:\s+(?:into\s+)?(?:that|it|this))?(?:\s+for\s+(?:me|us|him|her))?)?(?:,?\s*please)?\s*\?\s*$/i,
    "",
  ],
];

/** A pattern's words in any case, where the pattern must stay case-sensitive elsewhere (a company's capitals). */
const anyCase = (pattern: string) => pattern.replace(/(?<!\\)[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/** Who someone is at a company, as a support desk relays it: "their finance guy", "the AP team", "head of procurement". */
const ROLE_WORDS = String.raw`(?:(?:head|director|vp|vice\s+president)\s+of\s+\w+(?:\s+\w+)?|(?:(?:finance|financial|ops|operations|ap|ar|accounts(?:\s+payable|\s+receivable)?|procurement|purchasing|hr|people|it|sales|marketing|legal|billing|payroll|engineering|office|account|product|customer\s+success|main)\s+)?(?:manager|guy|lady|person|team|folks|people|director(?!\s+of\b)|controller|head(?!\s+of\b)|admin|administrator|assistant|clerk|coordinator|officer|rep|representative)|(?:finance|sales|team|tech|technical|ops|operations|hr|people|account|engineering|design|product)\s+lead|(?:billing|finance|accounts|ap)\s+contact|cfo|ceo|cto|coo|cmo|cro|founder|owner|bookkeeper|accountant|account\s+executive|account\s+manager|buyer|champion)`;
const ROLE = anyCase(ROLE_WORDS);
const COMPANY = String.raw`([A-Z][\w&’-]*(?:\s+[A-Z][\w&’-]*)*)`;
/** What follows someone who passes news on: "... says", "... is asking", "... on the line". */
const SPEAKS = String.raw`(?=\s+(?:says|said|wants|wanted|asked|asks|is\s+asking|was\s+asking|called|rang|emailed|confirmed|told|mentioned|pinged|referred|sent|gave|just|has\s+asked|would\s+like|needs|on\s+the\s+(?:line|phone|call)))`;

/**
 * A message relayed from a call or a ticket: "re ticket 4471:", "Initech's finance manager Sofia Kowalski",
 * "the AE for Oscorp says", a customer's words in quotes. Who called and the ticket's number are how the news came;
 * the company and the person named are what the request is about.
 */
const RELAYED_REWRITES: Rewrite[] = [
  // "re ticket 4471:", "ticket 5120 -", "(case #88)": a help desk's number, not a record's.
  // ("TKT-4410 |", "ticket #88:": with a dash, and set apart by a bar.)
  [/(?:^|(?<=[\s(]))(?:re:?\s+)?(?:ticket|case|tkt|zendesk|jira|support\s+request)\s*(?:no\.?\s*|#\s*|-)?\d+\b\s*[:|\-–—,)]?\s*/gi, ""],
  // "the Hooli Cloud deal shows an expected close of 13 January 2027. Please change it to 3 February": the value now
  // held is what is wrong, not the one to set.
  [
    /\b(?:shows|showed|displays|has|had|lists|says|reads|is\s+showing|is\s+recorded\s+with)\s+(?:an?\s+|the\s+|its\s+)?(?:expected\s+close(?:\s+date)?|close\s+date|closing\s+date|due\s+date|amount|value|title|stage|status)\s+(?:of|as|at)\s+[^.;!?]+(?=[.;!?]|$)/gi,
    "is wrong",
  ],
  // "amend the deal to 3 February": change it.
  [/\bamend\b/gi, "change"],
  // "..., whereas the signed order form gives 3 February 2027.": what the record should say, told again in the request.
  [/\s*,?\s*\bwhereas\s+[^.!?;]*/gi, ""],
  // "Correction required:", "Action needed -": a review's heading.
  [/^\s*(?:correction|amendment|action|adjustment|finding|observation|exception)(?:\s+(?:required|needed|requested|noted))?\s*[:–—-]\s*/i, ""],
  // "draft INV-44 for Monarch is recorded at ...": the draft told of, not a request to draft one.
  [/(?<=^\s*|[.!?]\s+)[Dd]raft\s+(?=[A-Z]{2,5}-?\d+\b[^.!?]*\b(?:is|was|has|shows|says)\b)/g, "the draft "],
  // "Item 3:", "Point 2 -", "Query 4)": an item of a numbered review, not a record's number.
  [/^\s*(?:item|point|query|finding|question|request|no\.|#)\s*\d{1,3}[a-z]?\s*[:.)–—-]\s*/i, ""],
  // "PFB update:", "FYI -": a memo's heading.
  [/^\s*(?:pfb|pfa|fyi|fyr|psb)(?:\s+(?:update|details|below|the\s+update))?\s*[:,–—-]\s*/i, ""],
  // "wrong amount on the Monarch draft INV-44 — cust quote was 18,000.00 USD, not 18,364.21. fix it": the amount
  // changed to the figure said, the one after "not" being the old.
  [/\bwrong\s+(?:amount|total|price|value|figure)\s+on\s+/gi, "change the amount of "],
  [/\bwrong\s+due\s+date\s+on\s+/gi, "change the due date of "],
  [/\b(?:the\s+)?(?:cust(?:omer)?(?:'s)?\s+|client(?:'s)?\s+|their\s+)?(?:quote|po|agreed\s+(?:price|amount))\s+(?:was|is|says)\s+(?=[$€£]?\d)/gi, "to "],
  [/(?<=^change\b[\s\S]*)([.!;—–-])\s*(?:pls\s+|please\s+|can\s+you\s+)?(?:fix|correct|change|update)\s+(?:it|that)(?:\s+(?:pls|please))?\s*[.!]*\s*$/gi, "$1"],
  // "fix it before it's issued": when, not a request to issue it.
  [/,?\s*\b(?:before|until)\s+(?:it's|it\s+is|it\s+gets|they're|they\s+are|they\s+get)\s+(?:issued|sent(?:\s+out)?|finali[sz]ed|approved|paid|out)\b/gi, ""],
  // A customer's own words in quotes ("we wired the full amount on Friday, please stop the reminders"): what they said, not a name.
  // (A record's number in their words is what the rest points back to: "... "INV-22 was raised in error" ... void it".)
  [
    /\s*[:,-]?\s*["“]([^"“”]{6,240})["”]\s*[.!?]*/g,
    (quote: string, words: string) => {
      // (A word's edges by letters of any script: the "i" ending "siparişi" is no pronoun.)
      if (
        !/(?<![\p{L}\p{N}_])(?:i|i'm|i've|we|we're|we've|we'll|you|your|our|us|me|my|please|pls|might|will|won't|can't|don't|didn't|haven't)(?![\p{L}\p{N}_])|[!?]$/iu.test(
          words,
        )
      )
        return quote;
      if (words.trim().split(/\s+/).length < 3) return quote;
      const numbers = words.match(/\b[A-Z]{2,5}-\d{1,8}\b/g);
      return numbers ? `, about ${numbers.join(" and ")}. ` : ", ";
    },
  ],
  [
    /\s*[:,-]?\s*(?<![\w])['‘]([^'‘’]{6,120}?)['’](?![\w])\s*/g,
    (quote: string, words: string) =>
      /\b(?:i|i'm|we|you|your|our|us|me|my|please|whoever)\b/i.test(words) && words.trim().split(/\s+/).length >= 3 ? " " : quote,
  ],
  // "Initech's finance manager Sofia Kowalski", "Tyrell's head of procurement (Mia)": the person, at the company.
  [
    new RegExp(
      String.raw`\b${COMPANY}['’]s?\s+${ROLE}\s*(?:\(\s*([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)\s*\)|,?\s+([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)\b(?!['’]))`,
      "g",
    ),
    (_: string, company: string, inParens: string | undefined, named: string | undefined) => `${inParens ?? named} at ${company}`,
  ],
  // "Acme Robotics' finance guy says", "the AE for Oscorp says", "their ops manager at Hooli wants": the company.
  // (Only as who spoke: "who's the finance person at Initech?" asks for that person.)
  [new RegExp(String.raw`\b${COMPANY}['’]s?\s+${ROLE}\b${SPEAKS}`, "g"), "$1"],
  [
    new RegExp(String.raw`\b${anyCase("(?:the|their|our|a|an)")}\s+${ROLE}\s+${anyCase("(?:at|for|from|of|over\\s+at|with)")}\s+${COMPANY}${SPEAKS}`, "g"),
    "$1",
  ],
  [new RegExp(String.raw`\b${COMPANY}\s+(?:AP|AR|accounts|finance|ops|procurement|billing)\s+(?:team|department|dept|people|folks)\b`, "g"), "$1"],
  // "customer on the line from Pied Piper says", "someone from Stark Logistics called": the company.
  [
    new RegExp(
      String.raw`\b${anyCase("(?:a\\s+|the\\s+|our\\s+)?(?:customer|client|someone|somebody|caller|person|guy|lady|woman|man)\\s+(?:on\\s+the\\s+(?:line|phone)\\s+)?(?:from|at|over\\s+at)")}\s+${COMPANY}${SPEAKS}`,
      "g",
    ),
    "$1",
  ],
  // "says they sent another $5,000": they paid it.
  [/\b(?:says|said|confirmed|told\s+me|tells\s+me)\s+(?:that\s+)?(?=(?:they|he|she)\s+(?:sent|paid|wired|transferred)\b)/gi, ""],
  [/\b(they|he|she)\s+(?:have\s+|has\s+|just\s+)?(?:sent|wired|transferred)\s+(?:us\s+)?(?:another\s+|over\s+|across\s+)*(?=[$€£]|\d)/gi, "$1 paid "],
  // "gave me her direct line while we were on the phone: +1 ...": her phone.
  [
    /\b(?:gave|sent|passed)\s+(?:me|us)\s+(?:her|his|their)\s+(?:new\s+)?(?:direct\s+(?:line|dial)|number|mobile(?:\s+number)?|cell(?:\s+number)?|phone(?:\s+number)?)(?:\s+(?:while|when)\s+[^:+\d]{2,40}?)?\s*[:,-]?\s*(?=\+?\(?\d)/gi,
    "has phone ",
  ],
  // "add it to her contact": the value told goes on her record.
  [
    /\badd\s+(?:it|this|that|them|the\s+(?:number|phone(?:\s+number)?|email|address|line))\s+to\s+(his|her|their|[A-Z][\w&’-]*(?:\s+[A-Z][\w&’-]*)*['’]s)\s+(?:contact|record|profile|details|entry|card)\b/gi,
    "update $1 contact",
  ],
  // "Sofia Kowalski at Initech just confirmed they signed, so she's a customer now": she is one now.
  [
    /^(\s*[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*(?:\s+(?:at|from)\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)?)\s+(?:just\s+|has\s+)?(?:confirmed|said|told\s+me|mentioned|let\s+me\s+know|called\s+to\s+say)\b[^,.;!?]{0,60},\s*so\s+(?:she|he|they)(?:'s|\s+is|'re|\s+are)\s+/,
    "$1 is ",
  ],
  // "hiring manager says Tim nailed the final interview": who passed it on.
  [
    new RegExp(
      String.raw`(?<=^\s*|[.!?]\s+)(?:the\s+|my\s+|our\s+)?(?:hiring\s+manager|manager|boss|HR|recruiter|team\s+lead|${ROLE})\s+(?:says|said|told\s+me|mentioned|confirmed|reports|reported)\s+(?:that\s+)?(?=[A-Z])`,
      "gi",
    ),
    "",
  ],
  // "close him out pls (reject is fine)": reject him.
  [
    /\b(?:close|take|mark|move)\s+(him|her|them)\s+out(?:\s+(?:please|pls))?\s*\(\s*(?:a\s+)?(?:reject(?:ion)?|rejected|rejecting)\s+(?:is|would\s+be|'s)\s+(?:fine|ok|okay|good)\s*\)/gi,
    "reject $1",
  ],
  // "hiring manager for the backend engineer role pinged me - who's still in the running for it?": it is the role told.
  [
    /\b(the\s+(?:[\w-]+\s+){1,4}?(?:role|job|position|opening|vacancy|req))\b(.{3,200}?)\bfor\s+(?:it|that\s+one|that\s+role|that\s+job|that\s+position)\b/gi,
    "$1$2for $1",
  ],
  // "HR wants to send the referrers an update - which ...", "hiring manager ... pinged me - who ...": why the question
  // comes, before a dash.
  [
    /^(?![^?.!–—]*\s[A-Z][a-z])\s*[^?.!]{3,120}?\b(?:wants?\s+to|pinged|called|emailed|messaged|asked|needs?\s+to|rang)\b[^?.!]{0,80}?\s[-–—]+\s+(?=(?:which|what|who|who's|how|any)\b)/,
    "",
  ],
  // "leave out anyone hired or rejected", "including the ones we rejected": who is counted.
  [
    /[,.;]?\s*\(?\s*(?:leave\s+out|exclude|excluding|ignore|ignoring|skip|not\s+counting|don't\s+count|without)\s+(?:anyone|anybody|those|the\s+ones|people|candidates)?\s*(?:who(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+|already\s+)*(?:been\s+)?hired\s+(?:or|and|\/)\s+rejected\s*\)?/gi,
    " (not hired or rejected)",
  ],
  [/(?<=\b(?:candidates|applicants|people|who)\b.{0,80})\bstill\s+active\b/gi, "still in the pipeline"],
  // "candidates still in progress (not hired, not rejected)": in the pipeline.
  [
    /(?<=\b(?:candidates|applicants|people|who)\b.{0,80})\b(?:still\s+)?in\s+progress\b(?:\s*\(\s*not\s+hired\s*(?:,|or|and|\/)\s*(?:not\s+)?rejected\s*\))?/gi,
    "in the pipeline",
  ],
  [/\s*\(\s*not\s+(?:hired|rejected)\s*(?:,|or|and|\/)\s*(?:not\s+)?(?:rejected|hired)\s*\)/gi, " (not hired or rejected)"],
  [
    /,?\s*(?:including|incl\.?|counting|even)\s+(?:the\s+ones?|those|anyone|people|candidates)\s+(?:we(?:'ve|\s+have)?\s+|who\s+(?:were|got)\s+)?(?:rejected|turned\s+down|declined|hired|passed\s+on)(?:\s*(?:,|or|and|&|\/)\s*(?:rejected|turned\s+down|declined|hired|passed\s+on))*\b/gi,
    "",
  ],
  // "Noah Schmidt from Hooli says ...": the person at that company (not "remove Ann from Intro").
  [
    new RegExp(
      String.raw`\b([A-Z][a-z'’-]+\s+[A-Z][a-z'’-]+)\s+from\s+${COMPANY}\s+(?=(?:says|said|called|rang|emailed|wrote|asked|mentioned|confirmed|told|is|was|has|had|wants|just)\b)`,
      "g",
    ),
    "$1 at $2 ",
  ],
  // "just off a call with Liam Okafor at Tyrell - ...", "just got off the phone with Ava:": who the call was with.
  [
    /^\s*(?:(?:i'm|i\s+am|i've|i\s+have)\s+)?(?:just\s+)?(?:got\s+)?(?:off|out\s+of|back\s+from)\s+(?:a|the|my)\s+(?:call|phone|zoom|meeting|chat)\s+(?:call\s+)?(?:with|w\/)\s+/i,
    "",
  ],
  // "he's been promoted, he's CTO now not VP Eng": his title is CTO.
  [/\b(?:he|she|they)(?:'s|\s+has|'ve|\s+have)\s+(?:just\s+)?been\s+promoted\s*(?:,|\band\b)\s*/gi, ""],
  [
    /\b(?:he|she)(?:'s|\s+is)\s+(?:now\s+)?(?:the\s+|our\s+|their\s+)?([A-Z][\w&]*(?:\s+(?:of\s+)?[A-Z][\w&]*){0,3})\s+now\b(?:,?\s+not\s+(?:the\s+)?[^.,;!?]+)?/g,
    "title is $1",
  ],
  // "new one is n.schmidt@hooli.cloud", "pls swap it on his record": the new address, on the record.
  [/\b(?:the\s+)?new\s+(?:one|address|email(?:\s+address)?)\s+(?:is|:)\s+(?=\S+@)/gi, "email is "],
  [
    /\b(?:swap|switch|change|replace|put)\s+(?:it|that|them)\s+(?:on|in)\s+(his|her|their|the)\s+(?:record|contact|profile|details|entry)\b/gi,
    "update $1 record",
  ],
  // "tag her billing-contact": tag her as that.
  [/\b(tag|label|flag)\s+(him|her|them|it)\s+(?!as\b|with\b|to\b)(?=[\w-]+\b)/gi, "$1 $2 as "],
  // "tag Leo Andersen webinar-dec", "label Ava Chen and Isla Haddad vip": the names, then the tag in lower case.
  [
    /\b(tag|label|flag)\s+((?:[A-Z][\w'’-]*\s+){1,3}(?:(?:and|&)\s+(?:[A-Z][\w'’-]*\s+){1,3})?)(?!as\b|with\b)(?=[a-z0-9]+-[\w-]+\b|[a-z][\w]*\s*(?:[.!]|$))/g,
    "$1 $2as ",
  ],
  // "who do we have on file there? names and titles": who, at that company.
  [/\s+(?:on\s+file|on\s+record|in\s+the\s+(?:system|crm|database))\b/gi, ""],
  [/\s*[,.;!?–—-]\s*(?:just\s+)?(?:names?|titles?|emails?)(?:\s*(?:and|&|\+|,)\s*(?:names?|titles?|emails?|phones?))*(?:\s+(?:please|pls))?\s*[.!]?\s*$/i, "?"],
  // "asap", "quick, she's waiting": how soon, not what.
  [/[,\s]+(?:asap|a\.s\.a\.p\.?|urgently|right\s+away|quick(?:ly)?(?:,?\s+(?:she's|he's|they're)\s+(?:waiting|on\s+hold|on\s+the\s+line))?)\b/gi, ""],
  // "Wayne Enterprises on the phone, their AP lady says": the company says.
  [new RegExp(String.raw`\b${COMPANY}\s+(?:on\s+the\s+(?:phone|line)|just\s+called|called|rang)\s*,\s*(?:their|the)\s+${ROLE}\s+`, "g"), "$1 "],
  // "got Initech on the line asking what ...": they called.
  [new RegExp(String.raw`\b(?:got|have|had)\s+${COMPANY}\s+on\s+the\s+(?:line|phone)\b`, "g"), "$1 called"],
  // "... asking what they still owe us in total. what do i tell her": the question they asked.
  [/[,.;]?\s*(?:what|how)\s+(?:do|should|shall|can)\s+i\s+(?:tell|say\s+to|answer|reply\s+to)\s+(?:her|him|them|the\s+customer|the\s+client)\s*\??\s*$/i, "?"],
  [
    /\b(?:asking|wants\s+to\s+know|want\s+to\s+know|wondering|asked)\s+what\s+(they|he|she|it)\s+(still\s+)?(owes?)\b/gi,
    (_: string, who: string, still: string | undefined) => `. what do ${who} ${still ?? ""}owe`,
  ],
  // "our emails bounce, they changed addresses": why the address changes.
  [
    /[:,]?\s*\b(?:our\s+|the\s+)?(?:e-?mails?|mails?)\s+(?:to\s+(?:him|her|them)\s+)?(?:bounce[sd]?|(?:are|keep|kept)\s+bouncing)\b(?:\s+back)?\s*,?\s*(?:(?:they|he|she)\s+(?:have\s+|has\s+)?changed\s+(?:their\s+|his\s+|her\s+)?(?:e-?mail\s+)?address(?:es)?\s*)?(?=[.,;]|$)/gi,
    "",
  ],
  // "Noah Schmidt at Hooli says our emails bounce": who said it, then what was said.
  [/(?<=\b[A-Z][\w&'’-]*)\s+(?:says|said|mentioned|reports|reported|claims|claimed)\s+(?:that\s+)?(?!(?:yes|no|ok|okay)\b)(?=[a-z])/g, ": "],
  [/(?<=\b[A-Z][\w&'’-]*)\s+(?:says|said|mentioned)\s*(?=[.,;:]|$)/g, ""],
];

const MONEY_FIELD = String.raw`(?:amount[_ ]due|amount[_ ]paid|amount|balance|value|deal[_ ]size|size|total)`;
const OPERATOR: Record<string, string> = { ">": "above", ">=": "at least", "=>": "at least", "<": "below", "<=": "at most", "=<": "at most" };

/**
 * A request typed as a filter bar: "invoices where status = overdue & currency = USD & amount_due > 10k",
 * "open deals, sort by amount desc, top 5", "count of contacts where lifecycle stage = customer". Each condition
 * is said as words the parser reads ("overdue", "in USD", "above 10k", "the 5 largest").
 */
/** A job title said alone in a list of values ("cfo", "VP Marketing", "head of ops"). */
const TITLE_SAID =
  /^(?:(?:senior|junior|chief|head\s+of|vp|svp|evp|director\s+of)\s+)?(?:[\w&-]+\s+){0,3}(?:ceo|cfo|coo|cto|cmo|cro|cpo|vp|svp|evp|head|director|manager|engineer|officer|president|founder|controller|accountant|analyst|designer|recruiter|coordinator|specialist|executive|partner|owner|administrator|assistant|buyer|marketing|sales|finance|procurement|operations|ops)(?:\s+[\w&-]+){0,3}$/i;
const ACRONYMS = /\b(?:ceo|cfo|coo|cto|cmo|cro|cpo|vp|svp|evp|hr|it|ops)\b/gi;
const capitalized = (words: string) => words.replace(/(^|\s)(\p{Ll})/gu, (_, b: string, c: string) => b + c.toUpperCase());

/**
 * "new contact: priya nair, priya.nair@initech.io, initech, cfo", "new cand - product designer: ada lovelace,
 * ada@lovelace.dev, src referral": a record typed as a list of its values, each known by its shape, said as a request.
 */
function recordListed(all: string, kind: string, owner: string | undefined, list: string): string {
  const person = /^(?:contact|lead|mql|sql|person)$/i.test(kind) ? "contact" : "candidate";
  const told: string[] = [];
  const free: string[] = [];
  // "..., VP Marketing. can you get her into the CRM as a lead": the request after the list says how to add them.
  const [values, after] = list.split(/(?<=\w)\.\s+(?=[a-z])/i, 2) as [string, string | undefined];
  if (after) {
    const stage = /\bas\s+an?\s+(lead|qualified|customer)\b/i.exec(after);
    if (!/^(?:(?:can|could|would)\s+you\s+|please\s+|pls\s+)?(?:get|add|put|pop|create|stick|enter|log)\b/i.test(after)) return all;
    if (stage) told.push(`lifecycle stage ${stage[1]!.toLowerCase()}`);
  }
  for (const item of values.split(/\s*[,;]\s*/).filter(Boolean)) {
    const field = /^(title|phone|mobile|source|src|e-?mail|tags?|linkedin|location)\s*[:=]?\s+(.+)$/i.exec(item);
    if (/^\S+@\S+\.\S+$/.test(item)) told.push(`email ${item}`);
    else if (field) told.push(`${field[1]!.toLowerCase() === "src" ? "source" : field[1]!.toLowerCase()} ${field[2]}`);
    else if (/^\+?[\d\s().-]{7,}$/.test(item)) told.push(`phone ${item}`);
    else if (person === "contact" && /^(?:lead|qualified|customer|churned)$/i.test(item)) told.push(`lifecycle stage ${item.toLowerCase()}`);
    else if (free.length > 0 && TITLE_SAID.test(item)) told.push(`title ${capitalized(item).replace(ACRONYMS, (a) => a.toUpperCase())}`);
    else free.push(item);
  }
  const [name, where, ...more] = free;
  if (!name || more.length > 0 || !/^[\p{L}'’.-]+(?:\s+[\p{L}'’.-]+){1,3}$/u.test(name)) return all;
  // ("..., found her on linkedin": a remark is no value; the list is read as written.)
  if (where && (where.split(/\s+/).some((w) => STOPWORDS.has(w.toLowerCase()) && !/^(?:of|and)$/i.test(w)) || (owner && person === "candidate"))) return all;
  const job = owner ?? (person === "candidate" ? where : undefined);
  const at = person === "contact" ? (where ?? owner) : undefined;
  const head =
    person === "contact"
      ? `add ${capitalized(name)} as a contact${at ? ` at ${capitalized(at)}` : ""}`
      : `add ${capitalized(name)} as a candidate${job ? ` for the ${job} job` : ""}`;
  return [head, ...told].join(", ");
}

/** Words a name typed before a field is never made of ("what stage", "the status", "my email"). */
const NOT_A_NAME = new Set(
  "what whats what's which who whose how when where is are the a an my our your their his her its this that new set change update".split(" "),
);
const NOTATION_REWRITES: Rewrite[] = [
  // "..., maricel@x.com, she was a referral": the source, in a record typed as a list of its values.
  [
    /(,\s*)(?:he|she|they)\s+(?:is|was|were|arrived|came)\s+(?:(?:by|via|from|through)\s+)?(?:an?\s+)?(referral|linkedin|indeed|agency)\b(?!\s+(?:from|by|via)\b)/gi,
    "$1source $2",
  ],
  // "noah schmidt/globex": a person, then where they work.
  [
    /\b([\p{L}][\p{L}'’-]+\s+[\p{L}][\p{L}'’-]+)\/([\p{L}][\p{L}&'’-]+(?:\s+[A-Z][\p{L}&'’-]+)?)\b/gu,
    (all, who: string, where: string) =>
      [...who.split(/\s+/), where].some((w) => STOPWORDS.has(w.toLowerCase()) || STATE_WORDS.has(w.toLowerCase()) || resourceOf(w.toLowerCase()))
        ? all
        : `${who} at ${where}`,
  ],
  [
    /^\s*(?:new|add|create)\s+(?:inbound\s+|outbound\s+|fresh\s+)?(contact|lead|mql|sql|person|candidate|applicant)\b(?:\s+from\s+(?:the\s+|our\s+)?[^:,]+?)?\s*(?:(?:[-–—]|\bfor\b)\s*([^:,]+?))?\s*:\s*(.+?)\s*$/i,
    recordListed,
  ],
  // "the Ava Chen who works at Stark", "Ava Chen (the one at Stark)": which namesake, by where they work.
  [
    /\b(?:the\s+)?([A-Z][\p{L}'’-]+\s+[A-Z][\p{L}'’-]+)\s*(?:,\s*)?(?:\(\s*the\s+one\s+(at|from)\s+([^)]+?)\s*\)|who\s+(?:works|is)\s+(at|for|with)\s+((?:[A-Z][\p{L}&'’-]*\s*)+))/gu,
    (_all, name: string, prep1: string | undefined, where1: string | undefined, _prep2: string | undefined, where2: string | undefined) =>
      `${name} ${prep1 ?? "at"} ${(where1 ?? where2 ?? "").trim()}${where2 && /\s$/.test(where2) ? " " : ""}`,
  ],
  // "ken thompson - stage?", "stark logistics website": typed into a search box, a name then the field wanted.
  [
    /^\s*((?:[\p{L}][\p{L}'’&.-]*\s+){0,4}[\p{L}][\p{L}'’&.-]*?)\s*(?:[-–—:,]\s*)?\b((?:stage|status|e-?mail(?:\s+address)?|phone(?:\s+number)?|title|website|domain|rating|source|lifecycle(?:\s+stage)?|close\s+date|due\s+date|owner)(?:\s*(?:,|&|\+|\/|and)\s*(?:stage|status|e-?mail(?:\s+address)?|phone(?:\s+number)?|title|website|domain|rating|source|owner))*)\s*\??\s*$/iu,
    (all, said: string, field: string) => {
      // ("Isla Haddad lifecycle stage": the field may be two words.)
      const [, name, first] = /^(.+?)(?:\s+(lifecycle|close|due))?$/i.exec(said)!;
      return name!.split(/\s+/).some((w) => ACTION_WORDS[w.toLowerCase()] || resourceOf(w.toLowerCase()) || NOT_A_NAME.has(w.toLowerCase()))
        ? all
        : `what is ${name}'s ${first ? `${first} ` : ""}${field}?`;
    },
  ],
  // "email of Ava Chen", "phone number for James Novak please": the field wanted, then whose, with no verb. (Not
  // "email for Ava is ava@x.io": a value given is a change.)
  [
    /^\s*(?:(?:pls|please|and|also|quick(?:\s+one)?|need|i\s+need|can\s+i\s+(?:get|have)|give\s+me|get\s+me|send\s+me)[\s,:]+)?(?:the\s+|their\s+)?((?:e-?mail(?:\s+address)?|phone(?:\s+number)?|title|job\s+title|website|domain|owner|stage|status)(?:\s*(?:,|&|\/|and)\s*(?:e-?mail|phone(?:\s+number)?|title|website|domain))*)\s+(?:of|for)\s+(?!(?:the\s+|an?\s+|all\s+|every\s+|each\s+|our\s+)?(?:new\s+)?(?:invoices?|deals?|contacts?|candidates?|jobs?|accounts?|people|everyone|them|him|her|it)\b)([^?!]+?)(?:[,\s]+(?:please|pls|thanks|thx|ta|cheers))?\s*[?.!]*\s*$/iu,
    (all, field: string, whose: string) =>
      /@|\b(?:is|to|should\s+be|=|now|as)\b|:/i.test(whose) ? all : `what is the ${field.replace(/^job\s+/i, "")} of ${whose}?`,
  ],
  // "expected_close_date", "amount_due", "lifecycle_stage": a field by its name in the API, said as words.
  [/\bexpected_close_date\b/gi, "close date"],
  // ("amount_due" is what is still owed; amount_paid is left as written, since "amount paid" would be a payment.)
  [/\b(due|start|close)_date\b/gi, "$1 date"],
  [/\bamount_due\b(?=\s*(?:\([^)]*\)\s*)?(?:is\s+|of\s+)?(?:over|above|under|below|more|less|greater|at\s+least|at\s+most|[<>]))/gi, "balance"],
  [/\blifecycle_stage\b/gi, "lifecycle stage"],
  [/\bemployee_count\b/gi, "employees"],
  // "sitting at lifecycle stage lead", "in status overdue": a state said after its field's name.
  [
    /\b(at|in)\s+(?:the\s+)?(?:lifecycle\s+stage|lifecycle|stage|status)\s+(?:of\s+)?["“']?([a-z]+)["”']?/gi,
    (all, prep: string, state: string) => (state.toLowerCase() in VALUE_WORDS ? `${prep} ${state}` : all),
  ],
  // "whose lifecycle stage is still \"lead\"", "with status overdue": a filter said by its field's name.
  [
    /\b(?:whose|with(?:\s+a|\s+the)?|where(?:\s+the|\s+their)?)\s+(?:lifecycle\s+stage|lifecycle|status|stage)\s+(?:is\s+|=\s*|of\s+|as\s+)?(?:still\s+|currently\s+|set\s+to\s+|now\s+)?["“']?([a-z][a-z_-]*(?:\s+[a-z][a-z_-]*)?)["”']?(?=$|[\s,.;!?])/gi,
    "in $1",
  ],
  // "name \"Wayne Enterprises\"": a new record's name, in quotes after its field.
  [/((?:^|[,;:(])\s*)name\s*(?:is\s+|:\s*|=\s*)?(?=["“])/gi, "$1called "],
  // "..., title VP Sales, lifecycle stage lead": in a list of values, a field's name then its value.
  [
    /((?:^|[,;:(]|\s[-–—])\s*)(title|job\s+title|phone(?:\s+number)?|mobile|e-?mail|domain|website|country|location|department|source|lifecycle\s+stage|industry)\s+(?!(?:is|are|was|to|of|for|from|in|on|at|and|or|=|:|field)\b|[=:])(?=["“\w+])/gi,
    "$1$2 is ",
  ],
  [/\s*(?:&&?|\band\b)\s*(?=[a-z_ ]{2,20}\s*(?:=|==|!=|>=|<=|>|<|\bcontains\b|\bin\b))/gi, " and "],
  // ("Halvorsen & Pike LLP", "Smith & Sons": an ampersand in a firm's name is part of it.)
  [
    /(\S+)\s+&\s+(?=(\S+)(?:\s+([\w.]+))?)/g,
    (said: string, left: string, right: string, after = "") =>
      /^[A-Z]/.test(left) &&
      /^[A-Z]/.test(right) &&
      /^(?:LLP|LLC|Ltd|Inc|Co|Sons|Partners|Associates|Company|Group|PLC|GmbH)$/i.test(after.replace(/[.,;:!?]+$/, ""))
        ? said
        : `${left} and `,
  ],
  [/^\s*(?:filter|query|select|pull|get|show(?:\s+me)?)\s+(?=\w+\s+where\b)/i, "show "],
  [/\b(?:rows|records|entries|lines)\s+where\b/gi, ""],
  [/\s+where\s+(?=[a-z_ ]{2,20}\s*(?:=|==|!=|>=|<=|>|<|\bcontains\b|\bincludes\b)\s*)/gi, " "],
  [/\b(?:lifecycle(?:[_\s]+stage)?|status|stage)\s*(?:==?|:)\s*(?=[a-z])/gi, ""],
  [/\b(?:currency|ccy)\s*(?:==?|:)\s*([a-z]{3})\b/gi, "in $1"],
  [/\b(?:source|src|channel)\s*(?:==?|:)\s*([\w-]+)/gi, "from $1"],
  [/\b(?:tags?|labels?)\s*(?:contains|includes|has|==?|:)\s*([\w-]+)/gi, "tagged $1"],
  [
    /\b(?:rating|stars?|score)\s*(>=|=>|>|==?)\s*([1-5])\b/gi,
    (_: string, op: string, n: string) => (op === ">" ? `rated ${Number(n) + 1} or above` : op.startsWith("=") ? `rated ${n}` : `rated ${n} or above`),
  ],
  [new RegExp(String.raw`\b${MONEY_FIELD}\s*(>=|=>|<=|=<|>|<)\s*(?=[$€£]?\d)`, "gi"), (_: string, op: string) => `${OPERATOR[op]} `],
  [/\b(?:due[_ ]date\s*(?:in|=|:)|due\s*[=:])\s*(?=[a-z]|\d)/gi, "due in "],
  [/\b(?:due[_ ]date|due)\s*(<=?|=<|before)\s*/gi, "due before "],
  [/\b(?:due[_ ]date|due)\s*(>=?|=>|after)\s*/gi, "due after "],
  [/\b(?:close[_ ]date|expected[_ ]close[_ ]date)\s*(?:in|=|:)\s*(?=[a-z]|\d)/gi, "closing in "],
  [/\bdays[_ ]overdue\s*(>=?|=>)\s*(\d+)/gi, (_: string, op: string, n: string) => `more than ${op === ">" ? n : Number(n) - 1} days overdue`],
  // "sort by amount desc, top 5": the largest 5; "by days_overdue desc, top 3": the 3 most overdue.
  [/^\s*(?:sort|order|rank)\s+(.+?)\s+by\s+days[_ ]overdue\s+(?:desc(?:ending)?)?\s*,?\s*(?:top|first)\s+(\d+)\b/i, "the $2 most overdue $1"],
  [
    new RegExp(
      String.raw`^\s*(?:show\s+|list\s+)?(.+?)\s*,?\s*(?:sort(?:ed)?|order(?:ed)?)\s+by\s+${MONEY_FIELD}\s+desc(?:ending)?\s*,?\s*(?:top|first|limit)\s+(\d+)\b`,
      "i",
    ),
    "the $2 largest $1",
  ],
  [/\b(?:split|grouped|group|broken\s+down|sliced)\s+by\s+(?:ccy|currency)\b|\b(?:by|per)\s+ccy\b|\(\s*sum\s+of\s+amount[_ ]due\s*,?\s*/gi, ""],
  [/\bccy\b/gi, "currency"],
  // "count + list pls", "w/ names", "+ names": the answer lists them anyway.
  [/[,\s]*(?:\bcount\s*(?:\+|and|&)\s*list|(?:\+|with|w\/)\s*names)\b(?:\s+(?:please|pls))?/gi, ""],
  [/^\s*count\s+(?:of\s+)?(?=[a-z])/i, "how many "],
  [/\b(?:excl\.?|excluding|ex\.?)\s+(?=rejected|hired|lost|won|paid|void|draft)/gi, "not "],
  // "L12M", "LTM", "L30D": the last months or days.
  [/\b(?:L12M|LTM|TTM|last\s+12m)\b/g, "in the last 12 months"],
  [/\bL(\d{1,3})D\b/g, "in the last $1 days"],
  [/\bL(\d{1,2})M\b/g, "in the last $1 months"],
  // "open AR", "overdue AR": receivables, the invoices not yet paid.
  [/\bopen\s+AR\b/g, "unpaid invoices"],
  [/\boverdue\s+AR\b/g, "overdue invoices"],
  // "backend eng req - who's still in the running": a role set apart before a question about its people.
  [
    /^\s*((?:the\s+)?(?:[\w&'’-]+\s+){0,4}?)(role|req|job|posting|position|opening|vacancy|search)\s*(?::|\s[-–—]+|,)\s+(who(?:['’]s|\s+is|\s+are|['’]re)?|how\s+many(?:\s+(?:people|candidates|applicants|ppl))?)\b([^?.!]*)(\?|(?=[.!])|$)/i,
    "$3$4 for the $1$2$5",
  ],
  // "open reqs count + titles": how many, and which.
  [/^\s*(.+?)\s+(?:count|#|number)\s*(?:\+|&|and|w\/|with|plus)\s*(?:the\s+)?(?:titles|names|list|which)\b/i, "how many $1, and which are they"],
  // "... headcount review tmrw", "board call on friday": the occasion, said after the request.
  [
    /(?<=[.?!]\s+)(?:[\w-]+\s+){0,3}(?:review|meeting|call|sync|1:1|qbr|standup|stand-up|presentation|deck|board)\s+(?:tmrw|tmr|tomorrow|today|tonight|later|this\s+(?:week|afternoon|morning|evening)|next\s+week|on\s+\w+day)\s*[.!]?\s*$/i,
    "",
  ],
  // "total AR from umbrella health", "A/R by client": what is owed, the unpaid invoices.
  // ("AR is chasing Initech", "AR's asking": the team, not what is owed.)
  [
    /\bA\/R\b|\bAR\b(?!\s*[-:=]|['’]s\b|\s+(?:is|are|was|were|team|people|dept|department|lady|guy|person|folks|wants|needs|says|said|asked|asks|has|have|had|called|rang|emailed|will|would)\b|\s+[a-z]+ing\b)/g,
    "unpaid invoices",
  ],
  [/\bccys\b/gi, "currencies"],
  // "INV-38 -> status / amount_paid / amount_due?": that invoice.
  [/^\s*([A-Za-z]{2,5}-\d{1,9})\s*(?:->|→|:)\s*[a-z_]+(?:\s*\/\s*[a-z_]+)*\s*\??\s*$/i, "show $1"],
];

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** English written as a second language: the words a native speaker would use ("pending from", "in delay", "the phase X"). */
const SECOND_LANGUAGE_REWRITES: Rewrite[] = [
  // "the facture", "facturas", "fatura": an invoice, in the words of French, Spanish and Portuguese.
  [/\b(?:factur|fatur)(?:as|es|a|e)\b/gi, (w: string) => (/s$/i.test(w) ? "invoices" : "invoice")],
  // "make one new client", "put one new client company in the system": a new one.
  [/\b(make|create|put|add|open|register)\s+one\s+new\b/gi, "$1 a new"],
  [/\bput\s+(?=(?:a|an)\s+new\b)/gi, "add "],
  [/\bclient\s+company\b/gi, "account"],
  [/\s+in\s+(?:the|our)\s+(?:system|crm|platform|records?|database|db|books)(?=\s*[:,.!?]|\s+(?:for|with|as|to)\b|\s*$)/gi, ""],
  // "they are from Portugal", "the client is from Spain": the country a new account is in.
  [/\b(?:they|it|he|she|the\s+(?:client|company|customer))\s+(?:are|is)\s+from\s+(?=[A-Z])/g, "based in "],
  // "the site is www.x.pt": the website.
  [/\b(?:the|their|its)\s+(?:web\s*)?site\s+is\b/gi, "website is"],
  // "pass the deal of Northwind to won": move it.
  [
    /\bpass\s+(?=(?:the\s+|this\s+|that\s+|their\s+|its\s+|his\s+|her\s+|our\s+)?(?:deal|opportunity|opp|candidate|invoice)\b[^.?!]{0,60}?\b(?:to|into)\s+)/gi,
    "move ",
  ],
  // "put it in the step of Negotiation", "the candidate in the step of interview": the stage named.
  [/\b(in|to|into)\s+the\s+(?:phase|step|stage)\s+of\s+/gi, "$1 "],
  // "the candidate is refused", "we refuse him": rejected.
  [/\b(is|are|was|were|has\s+been|have\s+been|got|be)\s+refused\b/gi, "$1 rejected"],
  [/\bcandidature\b/gi, "application"],
  // "contract the best candidate": hire.
  [/\bcontract\s+(?=(?:the|a|an|this|that|our|him|her|them|[A-Z])\b)/g, "hire "],
  [/\bContract\s+(?=(?:the|a|an|this|that|our|him|her|them)\b)/g, "Hire "],
  // "which invoices are still to pay", "to be paid still": unpaid.
  [/\b(?:are|is)\s+(?:still\s+)?to\s+(?:pay|be\s+paid)(?:\s+still)?\b/gi, "are unpaid"],
  // "the opportunities more big": the biggest.
  [/\b([a-z]+s)\s+more\s+(?:big|bigger|large|high|expensive|important)\b/gi, "biggest $1"],
  // "the late ones no, only the ones still in time": not overdue.
  [/,?\s*\bthe\s+(?:late|overdue)\s+ones?\s+no\b/gi, ""],
  [/,?\s*\b(?:only\s+)?the\s+ones?\s+(?:that\s+are\s+)?(?:still\s+)?(?:in|on)\s+time\b/gi, " (not overdue)"],
  // "the client must pay until 15/12": due then.
  [/\b(?:the\s+)?(?:client|customer|they)\s+(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+pay\s+(?:until|till|by|before|on)\s+(?:the\s+)?/gi, "due "],
  // "have the due date until 31/12": due by then.
  [/\b(?:have|has|with)\s+the\s+due\s+date\s+(?:until|till|up\s+to)\b/gi, "due by"],
  // "change the due date for 3 of February": to that day.
  [
    /\b(due\s+date|close\s+date|closing\s+date|start\s+date)\s+for\s+(?=(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]|\d{1,2}[/.]\d{1,2})/gi,
    "$1 to ",
  ],
  // "3 of February": the third of February.
  [/\b(\d{1,2})\s+of\s+(january|february|march|april|may|june|july|august|september|october|november|december)\b/gi, "$1 $2"],
  // "how much money the clients owe to us", "separated by currency": what is owed, by currency.
  [/\bhow\s+much(?:\s+money)?\s+(?:the\s+)?(clients|customers)\s+owe\s+(?:to\s+)?us\b/gi, "how much do $1 owe us"],
  [/\b(?:separated|separate|divided|split|broken\s+out|broken\s+down)\s+(?:by|per|in)\s+(currenc(?:y|ies))\b/gi, "by currency"],
  // "the factura in draft of Monarch": Monarch's draft invoice.
  [/\bthe\s+invoice\s+in\s+draft\s+(?:of|from|for)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/g, "$1's draft invoice"],
  [/\b(invoices?)\s+in\s+draft\b/gi, "draft $1"],
  // "in this moment", "in the actual moment": now.
  [/,?\s*\b(?:in|at)\s+(?:this|the\s+actual|the\s+present)\s+moment\b/gi, ""],
  // "and they're UK based", "she's Berlin-based": where.
  [/\b(?:he|she|they|it)(?:'s|'re|’s|’re|\s+is|\s+are)\s+([A-Z][\w.]*(?:\s+[A-Z][\w.]*)?)[\s-]based\b/g, "based in $1"],
  // "Remind me — when is ...": the question after the dash (read before the questions' own rules).
  [/^\s*(?:quick\s+(?:one|question)|remind\s+me|question)\s*[—–:-]+\s*/i, ""],
  // "create invoice for client Initech": for Initech (the word says what Initech is).
  [/\b(for|of|to)\s+(?:the\s+)?(?:client|customer)\s+(?=[A-Z])/g, "$1 "],
  // "please to create invoice": please create.
  [/\bplease\s+to\s+/gi, "please "],
  // "how much is pending from Acme?": owed by them.
  [/\b(?:is|are)\s+(?:still\s+)?pending\s+(?:from|by|with|of)\s+/gi, "is owed by "],
  // "clients which are in delay with the payment", "invoices in delay since more than 60 days": late.
  [/\bin\s+delay\s+since\s+(more|less)\s+than\s+(\d+\s+(?:days?|weeks?|months?))/gi, "$1 than $2 late"],
  [/\b(?:are|is|be)\s+in\s+delay\b/gi, "are late"],
  [/\bin\s+delay\b/gi, "late"],
  [/\blate\s+(?:with|on|in)\s+(?:the\s+|their\s+|his\s+|her\s+|its\s+)?payments?\b/gi, "late"],
  // "..., I must make the reminders", "these ones I must call personally": what the person will do next, not asked.
  [
    /(?<=[.?!,;]\s+)(?:(?:these|those)(?:\s+ones)?\s+)?(?:i|we)\s+(?:must|have\s+to|need\s+to|will|'ll|want\s+to|am\s+going\s+to|'m\s+going\s+to)\s+(?:make|send|do|call|write|prepare|chase|ping|email|phone|contact)\b(?:\s+(?:the|them|these|those|my|our|some|a))?(?:\s+(?:reminders?|calls?|personally|emails?|follow[- ]?ups?|letters?|them))+\b[^.?!]*[.?!]?/gi,
    "",
  ],
  // "how much money is outside in total": outstanding.
  [/\b(money|amount|cash)\s+(?:is|are)\s+(?:still\s+)?outside\b/gi, "$1 is outstanding"],
  // "who is inside the sequence": in it.
  [/\binside\s+(?=(?:the\s+|our\s+)?(?:sequence|campaign|cadence|pipeline|stage|phase)\b)/gi, "in "],
  // "in which point is the candidate Frances Allen?", "at what phase is the deal": the stage it is at.
  [/^\s*(?:in|at)\s+(?:which|what)\s+(?:point|phase|step|stage)\s+(?:is|are)\s+(.+?)\s*([?.!]|$)/i, "what stage is $1 in$2"],
  // "put the deal in the phase Proposal": the stage named.
  [/\b(?:the\s+)?(?:phase|step|stage)\s+(?=[A-Z])/g, ""],
  // "pass their deal to the phase proposal": the stage named after the word, in lower case too.
  [
    /\b(to|into|in|at)\s+the\s+(?:phase|step|stage)\s+(?=(?:lead\s+in|qualified|proposal|negotiation|closed|won|lost|applied|screening|interview|offer|hired|rejected)\b)/gi,
    "$1 ",
  ],
  // "actualize it", "the negociation": false friends and misspellings of Portuguese and Spanish speakers.
  [/\bactuali[sz](?:e|ed|ing)\b/gi, "update"],
  // "X is now customer, they bought. Please actualize the stage of the contact": the change is told; the request points back at it.
  [
    /(?<=\b(?:is|are)\s+now\s+[^.!?]{2,60}[.!]\s*)(?:please\s+|kindly\s+|pls\s+)?(?:actuali[sz]e|update|change)\s+(?:the\s+)?(?:lifecycle\s+)?(?:stage|status)\s+of\s+(?:the\s+|this\s+|that\s+)?(?:contact|candidate|deal|person|record)\s*[.!]*\s*$/gi,
    "",
  ],
  [/\bnegocia(?:tion|cion)(s?)\b/gi, "negotiation$1"],
  [/\b(?:came|come|comes|coming|arrived)\s+(?:by|from|through|via)\s+(?:an?\s+)?indication\b/gi, "came from referral"],
  [/\bby\s+indication\b/gi, "by referral"],
  // "referral (referral)": a word glossed by itself in brackets.
  [/\b(\p{L}+)\s*\(\s*\1\s*\)/giu, "$1"],
  // "with name "Expansion 2027"": named so.
  [/\bwith\s+(?:the\s+)?name\s+(?=["“‘'])/gi, "named "],
  // "there is some invoice of Wayne still open?": a question asked in the order of a statement.
  [/(^|[.!?]\s+)there\s+(?:is|are|has|have)\s+(?:some|any)\s+(?=[^.!?]*\?)/gi, "$1are there any "],
  // "who still is in process": the adverb after the verb.
  [/\b(who|which|what)\s+still\s+(is|are)\b/gi, "$1 $2 still"],
  // "the rejected ones i dont need", "the others dont matter": what the list leaves out.
  [/\bthe\s+([a-z-]+)\s+ones?\s+(?:i|we)\s+(?:don'?t|do\s+not)\s+(?:need|want|care\s+about)\b/gi, "not the $1 ones"],
  [/[,.;]?\s*\bthe\s+(?:others?|rest)\s+(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:matter|count|interest\s+me)\b/gi, ""],
  // "which invoices are delayed": overdue, as Portuguese and Spanish say it ("atrasadas").
  [/\bdelayed\s+(?=(?:invoices?|bills?|payments?)\b)|(?<=\b(?:invoices?|bills?|payments?)\b[^.?!]{0,30})\bdelayed\b/gi, "overdue"],
  // "which invoices are overdue today", "unpaid as at today": the state now, not records made today.
  [/\b(overdue|late|unpaid|outstanding|past\s+due|delayed)\s+(?:as\s+(?:of|at)\s+)?(?:today|right\s+now|at\s+the\s+moment|at\s+present)\b/gi, "$1"],
  // "who is still in process": still in the running.
  [/\bin\s+process\b/gi, "in progress"],
  // "Radia Perlman not passed for the vaga", "... can reject": did not pass; a go-ahead.
  [/\bnot\s+passed\b/gi, "did not pass"],
  [/(^|[.!?]\s*)can\s+(reject|hire|close|void|delete|move|mark|send|pay|approve|cancel|update|create|add|remove)\b/gi, "$1please $2"],
  // "X passed the interview, actualize to the next fase": move the one named.
  [/\b(?:update|move|pass|advance|push|put)\s+(?:it\s+)?(?=to\s+the\s+next\s+stage\b)/gi, "move them "],
  // "the Olivia Tanaka now is customer": the adverb before the verb.
  [/\b(?:the\s+)?(\p{Lu}\p{L}+(?:\s+\p{Lu}[\p{L}'’-]+)+)\s+now\s+is\s+(?:a\s+|an\s+)?/gu, "$1 is now a "],
  // "the negociation with Tyrell Biotech advanced, pass their deal to ...": the account the request is about.
  [
    /^\s*(?:the\s+)?(?:negotiations?|talks|conversations?|discussions?)\s+with\s+(.+?)\s+(?:advanced|progressed|moved\s+forward|went\s+(?:well|forward))\s*[,.;]\s*/i,
    "$1, ",
  ],
  // A Lagos accounts office: "I need it for the debtors schedule", "for the sum of USD 2,500 (two thousand five hundred
  // dollars only), being consultancy fee", "Payment to be made on or before 30th December", "Kindly post it and revert
  // with the balance b/f", "the ones we have not closed either way", "what percentage did we end up hiring".
  [
    /[,;]?\s*(?:as\s+)?(?:i|we)\s+need\s+(?:it|this|that|them|the\s+(?:figure|number|list|balance|total))\s+for\s+(?:the|my|our|a|an)\s+[\w\s'’-]{2,40}?(?=[.!?]|$)/gi,
    "",
  ],
  [
    /\b(?:kindly\s+|please\s+|pls\s+|plz\s+)?(?:help\s+(?:me\s+|us\s+)?(?:to\s+)?|assist\s+(?:me\s+|us\s+)?(?:to\s+|with\s+)?)(?=(?:raise|create|add|make|record|open|send|mark|prepare|issue|generate|draft|post|void|move|reject|enrol+)\b)/gi,
    "please ",
  ],
  [/\b(?:kindly\s+|please\s+)?help\s+(?:me\s+|us\s+)?(?:to\s+)?(?=(?:check|see|find|confirm|look|get|pull|list|show)\b)/gi, ""],
  [/\bfor\s+the\s+(?:sum|amount)\s+of\s+(?=(?:[$€£]|[A-Z]{3}\b|\d))/gi, "for "],
  [/\s*\(\s*[a-z][\w\s,-]*?\b(?:dollars?|euros?|pounds?|naira|cents?|kobo)(?:\s+only)?\s*\)/gi, ""],
  [/\b(?:the\s+)?(balance|outstanding|amount\s+owed|amount\s+outstanding)\s+on\s+(?!invoice\b|inv\b)(.+?)(?:'s|’s)?\s+account\b/gi, "$1 of $2"],
  [/,?\s*\bas\s+at\s+(?:today|date|now|the\s+moment|this\s+moment)\b/gi, ""],
  [/,\s*being\s+(?:for\s+|payment\s+for\s+)?[\w\s'’-]{2,40}?(?=[.!?]|$)/gi, ""],
  [/\b(?:payment|it)\s+(?:is\s+)?(?:to\s+be\s+(?:made|paid|received)|due|expected)\s+(?:on\s+or\s+before|by|before|on)\s+/gi, "due "],
  [/\bkindly\s+post\s+(?=it\b|the\s+payment\b)/gi, "record "],
  [/\s*(?:,\s*)?(?:and\s+)?revert\s+(?:to\s+me\s+)?with\s+(?:the\s+)?(?:new\s+|current\s+)?(?:balance|outstanding)(?:\s+b\/f|\s+brought\s+forward)?/gi, ""],
  [
    /,?\s*(?:the\s+ones?|those)\s+(?:that\s+)?(?:we\s+)?(?:have\s+not|haven'?t|did\s+not|didn'?t)\s+(?:yet\s+)?(?:closed|won\s+or\s+lost)(?:\s+(?:either\s+way|yet))?/gi,
    "",
  ],
  [
    /,?\s*\bout\s+of\s+(?:all\s+)?(?:the\s+)?(?:people|candidates|applicants|those|everyone|everybody)\s+(?:that|who)\s+(?:applied|came\s+in|put\s+in)\b\s*,?/gi,
    ",",
  ],
  [
    /\b(did|do|will|would)\s+(we|they|you)\s+end\s+up\s+(hir|reject|clos|pay|sign|win|los)(?:ing|ning)\b/gi,
    (_: string, aux: string, who: string, stem: string) =>
      `${aux} ${who} ${stem.toLowerCase() === "hir" ? "hire" : stem.toLowerCase() === "clos" ? "close" : stem.toLowerCase() === "los" ? "lose" : stem}`,
  ],
  // "For the Product Designer role, which candidates are hired?": the record set before the question, put after it.
  [
    /^\s*(?:for|regarding|about|on|re:?)\s+(the\s+[^,:?]{2,60}?\s+(?:role|job|position|opening|vacancy|posting|req))(?:\s*[,:])+\s*([^?,]+?)\s*(\?*)\s*$/i,
    "$2 for $1$3",
  ],
  // "valued at 12,000 US dollars": its worth (read as "at 12", a time of day, the figure would be lost).
  [/\b(?:valued|priced|estimated|quoted|pegged|sized|costed)\s+at\s+(?=(?:about\s+|around\s+|roughly\s+)?(?:[$€£]|[A-Z]{3}\s?)?\d)/gi, "worth "],
  // "how much have we received from Wayne so far", "how much have we got lodged from X": what their invoices have been paid.
  [
    /\bhow\s+much\s+(?:money\s+)?(?:have|has|did)\s+(?:we|you|they|i)\s+(?:got\s+|gotten\s+|had\s+)?(?:received|receive|get\s+in|got\s+in|lodged|lodge|banked|bank|brought\s+in|bring\s+in|taken\s+in|take\s+in|been\s+paid)\s+from\b/gi,
    "how much have we collected from",
  ],
  // "the job of account executive": the job so called.
  [/\bthe\s+(?:job|role|position|vacancy|opening|post)\s+of\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s*(?:[?,.!;]|$))/g, "the $1 job"],
  // "where's Tim at in the hiring process": where they are.
  [/\s+in\s+the\s+(?:hiring|recruiting|recruitment|interview|application)\s+process\b/gi, ""],
  // "INV-22 is the duplicate one, the real one already went out fine": the one kept is no request.
  [
    /[,;]\s*the\s+(?:real|right|correct|original|other|first)\s+one\s+(?:already\s+)?(?:went\s+out|was\s+sent|is\s+fine|is\s+ok(?:ay)?|is\s+good|is\s+correct|stays)(?:\s+(?:fine|ok(?:ay)?))?/gi,
    "",
  ],
  // "the contacts that we have in the Stark Logistics": the people at the company named.
  [/\b(contacts|people|persons)\s+(?:that|which|who)\s+we\s+have\s+(?:in|at)\s+(?:the\s+)?(?=\p{Lu})/gu, "$1 at "],
  // "Hooli are taking 25 licences rather than 20 on the migration", "wants 60 seats instead of 50": a count of seats
  // is the story behind a new amount, which no field holds.
  [
    /\s*\b(?:(?:now\s+)?(?:want|wants|wanted|need|needs|take|takes|taking|buy|buys|buying|order|orders|ordered|get|gets|getting)|are\s+(?:now\s+)?(?:taking|buying|getting|ordering)|is\s+(?:now\s+)?(?:taking|buying|getting|ordering))\s+\d+\s+(?:more\s+|extra\s+)?(?:seats?|licen[cs]es?|users?|logins?)(?:\s+(?:rather\s+than|instead\s+of|not)\s+\d+)?\b/gi,
    "",
  ],
  // "Is Globex behind on payments?": overdue.
  [/\b(?:behind|late|slow)\s+(?:on|with)\s+(?:(?:their|its|the|his|her|any|our)\s+)?(?:payments?|paying|invoices?|bills?)\b/gi, "overdue"],
  // "anybody at Initech flagged as a decision-maker": tagged.
  [/\b(?:flagged|labell?ed)\s+(?:as\s+)?(?:an?\s+)?(?=[a-z][\w-]*\b)/gi, "tagged "],
  // "leadership sync in 10 — what's the total ...": the lead-in before a dash and a question.
  // (Only a lead-in about the occasion: anything else before the dash is the topic, "biggest overdue invoice in USD — who is it".)
  [
    // (In lower case after its first letter: a name in it, "call with Stark —", makes it the topic.)
    // (Not "sync w wayne enterprises in 20 —": whom the meeting is with is who the question is about.)
    /^(?![^—–]*\b(?:with|w)\s+(?!(?:the|my|our|a|an|team|everyone|boss|ceo|cfo|board|leadership|sales|finance|hr|ops|marketing)\b)[a-z])[A-Za-z]?[a-z0-9' ]{0,30}\b(?:sync|meeting|call|stand-?up|1:1|qbr|QBR|review|board|demo|catch-?up)\b[a-z0-9' ]{0,20}\s[—–]\s+(?=(?:[Ww]hat|[Ww]hat's|[Hh]ow|[Ww]hich|[Ww]ho|[Ww]ho's|[Ww]hen|[Ww]here|[Cc]an|[Cc]ould|[Ii]s|[Aa]re|[Dd]o|[Dd]oes|[Dd]id|[Aa]ny)\b)/,
    "",
  ],
  // "company-wide", "org-wide": everything, not a filter.
  [/,?\s*\b(?:company|org|business|team)[- ]wide\b/gi, ""],
  // "rejects and hires included", "all of them also the rejected", ", every req": nothing left out.
  [
    /,?\s*\b(?:(?:rejects?|rejected|hires|hired|withdrawn)(?:\s*(?:,|and|&|\+)\s*(?:rejects?|rejected|hires|hired|withdrawn))*\s+included|including\s+(?:the\s+)?(?:rejects?|rejected|hires|hired)(?:\s*(?:,|and|&)\s*(?:the\s+)?(?:rejects?|rejected|hires|hired))*|(?:all\s+of\s+them\s+)?(?:also|even)\s+the\s+(?:rejected|hired)(?:\s+ones)?)\b/gi,
    "",
  ],
  [/,\s*(?:every|each|all|any)\s+(?:req|role|job|opening|position)s?\b/gi, ""],
  // "recruiting said i could do this: move ken ...": leave to do it, not part of what is done.
  [
    /^[^:.!?]{0,60}\b(?:said|says|told\s+me|confirmed|agreed)\s+(?:that\s+)?(?:i|we)\s+(?:could|can|should|may|might)\s+(?:do|handle|take\s+care\s+of)\s+(?:this|it|that)(?:\s+one)?\s*[:,–—-]\s*/i,
    "",
  ],
  // "met sarah at the aperture qbr": at the organization the meeting was with.
  [
    /\bat\s+(?:the|their|our)\s+([\w&'’-]+(?:\s+[\w&'’-]+)?)\s+(?:qbr|meeting|call|sync|offsite|off-site|dinner|lunch|event|conference|demo|workshop|kick-?off|onsite)\b/gi,
    "at $1",
  ],
  // "..., know them from a past customer, great fit", "and my new champion": why, not what to record.
  [/,\s*(?:i\s+|we\s+)?know\s+(?:them|him|her)\s+from\s+[^,.;!?]*/gi, ""],
  [/,\s*(?:really\s+|a\s+)?(?:great|good|strong|solid|perfect)\s+(?:fit|match|profile)\b[^,.;!?]*/gi, ""],
  [
    /,?\s*(?:and\s+)?(?:(?:she|he|they)(?:'s|'re|\s+is|\s+are)\s+)?(?:my|our)\s+(?:new\s+)?(?:champion|main\s+contact|point\s+of\s+contact|poc|exec\s+sponsor)\b/gi,
    "",
  ],
  // "Aperture Labs have a new facilities manager who'll be for the building: Priya Nair, priya@x.fr": the person, her
  // title and where, said the way a contact is told.
  [
    /(^|[.!?]\s+)(\p{Lu}[\w&'’-]*(?:\s+\p{Lu}[\w&'’-]*)*)\s+(?:have|has|have\s+got|has\s+got|['’]ve\s+got)\s+(?:a|an)\s+new\s+([a-z][a-z -]{2,40}?)(?:\s*,?\s+(?:who|that)\b[^:.!?—–]*?)?\s*(?::|\s[—–-])\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2})((?:\s*,\s*|\s+)[^\s,@]+@[^\s,]+?)?(?=\s*[.,!?]?\s*$|\s*[.!?]\s+|\s*,\s+)/gu,
    "$1$4$5, is the new $3 at $2",
  ],
  // "in the People department", "for the Customer Success team": the department, said as a field (its name may be a noun of ours).
  [
    /^(?=[^?]*(?:^|[.!?,;]\s*|\b(?:[Pp]lease|[Pp]ls|you)\s+)(?:[Aa]dd|[Cc]reate|[Oo]pen|[Pp]ost|[Ss]et\s+up|[Rr]aise)\s+(?:a|an|one|new|the|this)\b)([^?]*?)\s*\b(?:in|for|on|under|into)\s+(?:the\s+|our\s+)?([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,2})\s+(?:department|dept|team)\b/,
    "$1, department: $2,",
  ],
  [/\b(in|from|within)\s+(?:the\s+|our\s+)?([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,2})\s+(?:department|dept|team)\b/g, "$1 $2"],
  // "every candidate whose source is LinkedIn": from there.
  [/\b(?:whose|with\s+(?:a|the))\s+source\s+(?:is|was|=|of)\s+/gi, "from "],
  // "the email address we have for Leo", "what website domain do we have saved for Northwind": the field of the record.
  [
    /\b(e-?mail(?:\s+address)?|phone(?:\s+number)?|(?:website\s+)?domain|website|title)\s+(?:(?:do\s+)?(?:we|you)\s+(?:have|'ve\s+got|got|keep)|(?:that\s+)?(?:is|are)|we've\s+got)?\s*(?:saved|stored|on\s+file|listed|recorded|in\s+(?:the\s+)?(?:system|crm))?\s+(?:for|on)\s+(?=\S)/gi,
    "$1 of ",
  ],
  [/\bwebsite\s+domain\b/gi, "domain"],
  [/\b(?:the|their|his|her)\s+e-?mail\s+address\s+of\b/gi, "the email of"],
  // "- can you update the stage, please?": the request before it, asked again.
  [
    /\s*[—–]+\s*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:update|change|set)\s+(?:the|her|his|their|its)\s+(?:stage|status|record)(?:\s*,?\s*please)?\s*[?.!]*\s*$/i,
    "",
  ],
  // "we don't continue with this candidature for X", "we're not going to move forward with her": said of a rejection.
  [
    /,?\s*(?:so\s+)?we(?:'re|\s+are)?\s+(?:don't|do\s+not|won't|will\s+not|not\s+going\s+to|aren't\s+going\s+to)\s+(?:continue|proceed|go\s+(?:forward|ahead)|move\s+forward)\s+with\s+(?:this|her|his|their|them|him)(?:\s+(?:application|candidate|candidacy|process))?/gi,
    "",
  ],
  // "bring Radia in for interviews", "bring her onsite": on to the interview stage.
  [/\b(?:let's\s+|let\s+us\s+)?move\s+forward\s+and\s+/gi, ""],
  [
    /\bbring\s+(\S+(?:\s+[A-Z][\w'’-]+)?)\s+(?:in|on-?site|onsite|back\s+in)\s+for\s+(?:an?\s+|the\s+)?(?:interviews?|on-?sites?|final\s+rounds?|panel)\b/gi,
    "move $1 to interview",
  ],
  [/\bbring\s+(\S+(?:\s+[A-Z][\w'’-]+)?)\s+on-?site\b/gi, "move $1 to interview"],
  // "put Barbara back into the pipeline as a new applicant": applied again.
  [
    /\b(?:put|move|bring|add)\s+(\S+(?:\s+[A-Z][\w'’-]+)?)\s+back\s+(?:into|in|to|on)\s+(?:the\s+)?(?:pipeline|process|running|funnel)(?:\s+as\s+(?:a\s+|an\s+)?(?:new\s+)?(?:applicant|candidate))?/gi,
    "move $1 to the applied stage",
  ],
  // "add a note to Katherine Johnson's candidate profile? It should say: "...": her notes.
  [
    /\b(?:add|leave|put|write)\s+(?:a\s+|an?\s+)?(?:quick\s+)?note\s+(?:to|on|for|in)\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}?)(?:['’]s)?(?:\s+(?:candidate|contact|applicant))?(?:\s+(?:profile|record|file|card|page))?\s*[?.:,]?\s*(?:it\s+should\s+(?:say|read)|saying|that\s+says|reading|with)?\s*:?\s*(?=["“])/gi,
    (_: string, who: string) => `update ${who.replace(/['’]s$/i, "")}'s notes: `,
  ],
  // "Olivia Tanaka let me know their phone number changed. Could you update it to ...": update theirs.
  [
    /\b([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)\s+(?:let\s+(?:me|us)\s+know|told\s+(?:me|us)|said|mentioned|says|emailed\s+(?:me|us)\s+(?:that|to\s+say))\s+(?:that\s+)?(?:their|her|his)\s+(phone(?:\s+number)?|e-?mail(?:\s+address)?|number|title|address)\s+(?:has\s+)?changed[.!,]?\s+(?:(?:[Cc]ould|[Cc]an|[Ww]ould)\s+you\s+|[Pp]lease\s+|[Pp]ls\s+)?(?:[Uu]pdate|[Cc]hange|[Ss]et)\s+it\s+to\b/g,
    "update $1's $2 to",
  ],
  // "the opportunity "Support upgrade" of Stark Logistics", "Stark's "Support upgrade" deal": the account's deal of that name.
  [
    /(?<!\bnew\s+)\b(?:the\s+)?(?:deal|opportunity|opp|oppty)\s+["“]([^"“”]{2,60})["”]\s+(?:of|for|at|with|from)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/g,
    "the $2 $1 deal",
  ],
  [
    /\b(?:the\s+)?["“]([^"“”]{2,60})["”]\s+(?:deal|opportunity|opp|oppty)\s+(?:of|for|at|with|from)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/g,
    "the $2 $1 deal",
  ],
  [
    /\b(?:[Tt]he\s+)?(?!(?:The|This|That|Our|Their|Its|A|An)\s)([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*?)(?:['’]s?)?\s+["“]([^"“”]{2,60})["”]\s+(?:deal|opportunity|opp|oppty)\b/g,
    "the $1 $2 deal",
  ],
  // "can you go ahead and mark them hired": the request is the verb after.
  [/\b(?:go\s+ahead\s+and|just\s+go\s+and)\s+(?=[a-z])/gi, ""],
  // "One of our engineers referred a friend for the designer opening": a referral, whoever made it.
  [
    /\b(?:one\s+of\s+(?:our|my|the)\s+[\w-]+(?:\s+[\w-]+)?|(?:a|an|our|my)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:has\s+|have\s+|just\s+)*referred\s+(?:a\s+|an\s+|their\s+|his\s+|her\s+)?(?:friend|someone|somebody|(?:former\s+)?colleague|contact|person|candidate)\b/gi,
    "a referral",
  ],
  // "add a new contact for me at Hooli": whom it is for is the one asking.
  [/\s+for\s+me\b(?=\s+(?:at|in|on|to|with|under)\b)/gi, ""],
  // "a new req titled "People Ops Coordinator"": called that.
  [/\b(?:titled|entitled)\s+(?=["“‘'A-Z])/g, "called "],
  // "flip Leo to customer": set him to it.
  [/\bflip\s+(?=[^.?!,;]{1,60}?\b(?:to|into)\s+)/gi, "set "],
  // "pull lucas out of the new lead follow-up emails": the sequence that sends them.
  [
    /\b((?:pull|take|remove|drop|kick|get|add|put|enrol{1,2}|sign(?:\s+up)?)\b[^,.;!?]{1,40}?\s(?:out\s+of|from|into|in|to|off|on))\s+(?:the\s+|our\s+|my\s+)?([a-z][\w-]*(?:\s+[\w-]+){0,4}?)\s+(?:emails|e-mails|mails|emailers|email\s+sequence|drip)\b/gi,
    "$1 the $2 sequence",
  ],
  // "pull every stakeholder we have at Aperture", "pull up all the open deals": list them.
  [/\bpull\s+(?:up\s+)?(?=(?:every|all|each|a\s+list|the\s+list)\b)/gi, "list "],
  // "who has an offer out across all the open roles", "in every req": no job in particular.
  [
    /,?\s*\b(?:across|in|for|over)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+)?(?:open\s+)?(?:reqs?|roles?|jobs?|openings?|positions?|vacanc(?:y|ies))\b/gi,
    "",
  ],
  // "across my book", "in my patch": the one asking's own accounts, which are all of them here.
  [/,?\s*\b(?:across|in|from|on|over)\s+my\s+(?:whole\s+|entire\s+)?(?:book(?:\s+of\s+business)?|patch|territory|portfolio|accounts)\b/gi, ""],
  // "outstanding AR across every customer": receivables, all of them.
  // ("across all my clients right now": every one, now.)
  [/,?\s*\b(?:across|for|over)\s+(?:every|all|each)\s+(?:of\s+)?(?:(?:our|the|my)\s+)?(?:customers?|clients?|accounts?)\b/gi, ""],
  [/\s*\bright\s+now\b/gi, ""],
  [/\bsourced\s+(?:off|from|via|through)\b/gi, "from"],
  // "invoices where the client paid only one part and there is still a rest to pay": part-paid.
  [
    /\b(?:where|which|that)\s+the\s+(?:client|customer)\s+(?:has\s+)?paid\s+only\s+(?:one|a)\s+part(?:\s+and\s+there\s+is\s+still\s+a\s+rest\s+(?:to\s+pay|open))?/gi,
    "that are part-paid",
  ],
  // "to pay until the 15.12": due then.
  [/\bto\s+(?:be\s+)?pa(?:y|id)\s+(?:until|till|by|before)\s+(?:the\s+)?/gi, "due "],
  // "for the position Account Executive": the Account Executive position.
  [/\b(?:the\s+)?(position|role|job|opening|req|vacancy)\s+(?!I\b)([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)/g, "the $2 $1"],
  // "to pay until the 15.12", "due on 15.12.": a day and month with a dot, after a word that says a date follows.
  [
    /\b(due|until|till|by|before|on|from|the)\s+(\d{1,2})\.(\d{1,2})\.?(?!\d)(?!\s*(?:usd|eur|gbp|euros?|dollars?|pounds?|%|k\b))/gi,
    (said: string, before: string, d: string, m: string) =>
      Number(d) >= 1 && Number(d) <= 31 && Number(m) >= 1 && Number(m) <= 12 ? `${before} ${Number(d)} ${MONTH_NAMES[Number(m) - 1]}` : said,
  ],
  // "put him in the next phase": the next stage.
  [/\bnext\s+(?:phase|step|round)\b/gi, "next stage"],
  // "shift all of Tyrell's deals sitting in Qualified over to Proposal": move them to it.
  [/\bshift\b(?=[^.?!]{0,80}\b(?:over\s+)?(?:to|into)\s+[A-Za-z])(?![^.?!]{0,40}\b(?:date|deadline|days?|weeks?|months?)\b)/gi, "move"],
  [/\b(move|push|bump|put)\b([^.?!]{0,80}?)\bover\s+(to|into)\b/gi, "$1$2$3"],
  // "push the due date back 2 weeks from what it is now": a shift is from the date it has.
  [
    /\s+(?:from|on|after)\s+(?:what\s+it\s+is|where\s+it\s+is|(?:the|its)\s+(?:current|existing)(?:\s+(?:one|date|due\s+date))?)(?:\s+(?:now|currently|at\s+the\s+moment))?(?=\s*(?:[.,;!?]|$))/gi,
    "",
  ],
  // "spin up a req", "stand up a new role": open one.
  [/\b(?:spin|stand)\s+up\b/gi, "open"],
  // "a Staff Engineer (IC, L6)": a level in brackets is no field of a job.
  [/\s*\((?:IC|EM|M\d|L\d{1,2}|E\d|P\d|IC\d)(?:\s*[,/]\s*(?:IC|EM|M\d|L\d{1,2}|E\d|P\d|IC\d))*\)/gi, ""],
  // "note on Tim Berners-Lee: portfolio strong", "add a note to Ken: ...": the record's notes.
  [/^\s*(?:(?:add|leave|put|write)\s+(?:a\s+|an?\s+)?)?(?:quick\s+)?notes?\s+(?:on|for|to|about)\s+([^:]{2,60}?)\s*[:—–-]\s+(?=\S)/i, "update $1's notes: "],
  // "put Barbara back in the pipeline", "un-reject her": back to the start of the process.
  [/\b(?:put|bring|move|add|get)\s+(.{2,60}?)\s+back\s+(?:in(?:to)?|on)\s+(?:the\s+)?(?:pipeline|process|running|funnel)\b/gi, "move $1 to applied"],
  [/\bun-?reject\s+/gi, "move to applied "],
  // "every referral we've got", "pass on the referral for backend": candidates who came by referral.
  [
    /\b(?:(?:the|every|all(?:\s+the)?)\s+referrals?|referrals)\b(?!\s+(?:from|by|source|fee|bonus|partner|program|as|cands?|candidates?|applicants?|hires?|people|folks|ones)\b)(?<!\b(?:as|a|from|by|via|through|with)\s+referrals?)/gi,
    (m: string) => `${/^every/i.test(m) ? "every" : /^all/i.test(m) ? "all" : "the"} ${/s$/i.test(m) ? "candidates" : "candidate"} from referral`,
  ],
  // "... past due — I have a QBR with them Thursday and don't want to be blindsided": why it is asked, after a dash.
  // ("... — we're now arguing about the rent-free period. Move that deal into Negotiation": a sentence after it is the request.)
  [/\s[—–]\s+(?:i|we)(?:'m|'ve|'re|’m|’ve|’re|\s+have|\s+am|\s+are|\s+need|\s+want|\s+got)?\s[^?.!]*[.!]*\s*$/i, ""],
  // "Which accounts ...? Trying to figure out where to spend my week.", "...? Feels like I've only talked to ...": why.
  [
    /(?<=\?)\s+(?:(?:i'?m\s+|we'?re\s+)?trying\s+to|feels\s+like|hoping\s+to|it\s+feels|i\s+(?:just\s+)?want\s+to\s+(?:make\s+sure|know\s+where)|so\s+i\s+can|for\s+(?:my|our|the)\s+(?:qbr|meeting|call|review|sync|1:1))\b[^?]*$/i,
    "",
  ],
  // "make the enrolment of Leo Andersen in the sequence X": enrol him.
  [/\b(?:make|create|do|add|register)\s+(?:an?\s+|the\s+)?enrol(?:l)?ments?\s+(?:of|for)\s+/gi, "enroll "],
  // "void invoices INV-13, INV-17 and INV-22": the verb on the invoices numbered, not a list of void ones.
  [/^(\s*(?:please\s+|pls\s+|kindly\s+)?(?:void|cancel))\s+(?:the\s+)?(?:invoices?|bills?)\s+(?=(?:INV-?|#)\d)/gi, "$1 "],
  // Korean, Russian and Gulf English.
  // "do the needful", "as per our discussion", "as on today", "currency wise": office English.
  [/[,.;]?\s*\b(?:please\s+|kindly\s+|pls\s+)?do\s+the\s+needful\b[.!]*\s*$/gi, ""],
  [/\bas\s+per\s+(?:our|my|your|the)\s+(?:discussion|conversation|call|talk|email|mail)\s*,?\s*/gi, ""],
  [/\bas\s+on\s+(?:today|date|now)\b/gi, ""],
  [/\b(?:currency|currencies)[-\s]?wise\b/gi, "per currency"],
  // "mark the same as paid", "update the same": it.
  [/\b(mark|update|record)\s+the\s+same\b(?!\s+to\b)/gi, "$1 it"],
  // "prepone the due date": bring it forward.
  [/\bprepone\b(?=[^.?!]*\bto\s+(?:the\s+)?\d)/gi, "move"],
  // "there deal", "there invoice": their.
  [/\bthere\s+(?=(?:deals?|invoices?|contacts?|account|accounts|candidates?|payment|balance|year)\b)/gi, "their "],
  // "more then 60 days": than.
  [/\bmore\s+then\b/gi, "more than"],
  [/\bless\s+then\b/gi, "less than"],
  // "till 31st Dec": until.
  [/\btill\b(?!\s+(?:slip|receipt|roll|drawer)s?\b)/gi, "until"],
  // "X payment done", "X payment recieved": X paid (which invoice, if several, is asked).
  [
    /^\s*([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+payment\s+(?:is\s+|was\s+|has\s+been\s+)?(?:done|complete|completed|finished|received|recieved|arrived|came)\b/g,
    "$1 paid",
  ],
  // "client confirmed the transfer, kindly mark the invoice as paid": why, before what to do.
  [/^\s*(?:the\s+)?(?:client|customer)\s+(?:confirmed|sent|made|did)\s+(?:the\s+)?(?:transfer|payment|wire)\s*[,.]\s*/gi, ""],
  // "how about push INV-13 due date 2 week more?": a suggestion to do it.
  [/\bhow\s+about\s+(?=(?:push|move|change|extend|mark|send|give|set|make|add|close)\b)/gi, ""],
  [/\b(push|move|extend)\s+(INV-?\d+)\s+due\s+date\s+(\d+)\s+(days?|weeks?|months?)\s+(?:more|later|further)\b/gi, "$1 the due date of $2 by $3 $4"],
  // "Hooli Cloud ask more time to pay.": why, before what to do.
  [/[.!]\s*please\s+do\s+it\s*[.!]*\s*$/gi, "."],
  // "open deal how many we have total?", "Product Designer position, total how many candiate we have?": the count asked last.
  [
    /^\s*((?:\w+\s+){0,2}?(?:deals?|invoices?|contacts?|candidates?|jobs?|accounts?))\s+how\s+many\s+(?:we\s+have|do\s+we\s+have|are\s+there|there\s+are)(?:\s+(?:in\s+)?total)?\b/gi,
    "how many $1 do we have",
  ],
  [
    /^\s*(.+?)\s+(?:position|vacancy|job|role)\s*,\s*(?:in\s+)?(?:total\s+)?how\s+many\s+(candidates?|applicants?|people)\s+(?:we\s+have|do\s+we\s+have|are\s+there)\b/gi,
    "how many $2 for the $1 job",
  ],
  [/[?.]\s*(?:not|don'?t|do\s+not)\s+include\s+(?:the\s+)?(?:won|lost|closed)(?:\s+(?:or|and)\s+(?:won|lost|closed))?\s+ones?\b/gi, "?"],
  [/[?.]\s*include\s+all\b/gi, "?"],
  // "please move next step (offer)": to that stage.
  [/\bmove\s+(?:to\s+)?(?:the\s+)?next\s+(?:step|stage|round)\s*\(\s*([\w -]+?)\s*\)/gi, "move to $1"],
  // "candidate pass the interview, please update stage": which one is asked.
  [
    /^\s*(?:the\s+)?candidate\s+pass(?:ed|es)?\s+the\s+interview\b[,.!]?\s*(?:please\s+)?(?:update\s+(?:the\s+)?stage)?/gi,
    "move the candidate in interview to offer",
  ],
  // "with which clients we are now in negotiation stage on deals?": the deals in that stage.
  [
    /\bwith\s+which\s+(?:clients|customers|accounts|companies)\s+(?:we\s+are|are\s+we)\s+(?:now\s+)?in\s+(?:the\s+)?([\w-]+)\s+stage(?:\s+(?:on|of|with)\s+(?:the\s+)?deals)?/gi,
    "which deals are in the $1 stage",
  ],
  // "who is decision maker in Stark", "the decision maker persons": contacts so tagged.
  [/\bdecision[-\s]makers?\s+(?:persons?|people)\b/gi, "decision-maker"],
  [/\bwho\s+(?:is|are)\s+(?:the\s+)?decision[-\s]makers?\s+(?:in|at|of)\s+/gi, "which contacts are tagged decision-maker at "],
  [/\bin\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+who\s+(?:is|are)\s+(?:the\s+)?decision[-\s]makers?\b/g, "which contacts are tagged decision-maker at $1"],
  // "to close the deal ... as won": the request, said as an infinitive.
  [/^\s*to\s+(?=(?:close|mark|move|change|make|add|create|set|reject|hire|void|enrol+|put)\b)/gi, ""],
  // "the deal of Aperture Labs "Data migration"", "deal with Stark Logistics about support upgrade": that deal.
  [/(?<!\bnew\s+)\b(?:the\s+)?deal\s+(?:of|with|for)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+["“]([^"“”]{2,60})["”]/g, "the $1 $2 deal"],
  // "office in Tallinn": where a new job is.
  [/\boffice\s+(?:is\s+)?(?:in|at)\s+(?=[A-Z])/g, "location is "],
  [/^\s*(?:the\s+)?deal\s+with\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:about|on|for|regarding)\s+([\w -]{2,40}?)\s*[-–—:,]\s*/g, "the $1 $2 deal: "],
  [/\bmove\s+(it|them)\s+on\s+(?:the\s+)?([\w-]+)\s+stage\b/gi, "move $1 to $2"],
  [/[,;]\s*(?:they|the\s+client|the\s+customer)\s+(?:started|start|begin|began)\s+to\s+(?:discuss|negotiate)\b[^.?!]*/gi, ""],
  // "close expect 3/31", "expected close 31 March": the expected close date.
  [/\bclose\s+expect(?:ed)?\b|\bexpected\s+close(?=\s+\d)/gi, "expected to close"],
  [/\s*\(\s*[\d.,]+\s+(?:stavka|fte|rate)\s*\)/gi, ""],
  // "to whom we made offer": the candidates with an offer.
  [/\bto\s+whom\s+(?:we|did\s+we|have\s+we)\s+(?:made|make|sent|send|extended|given|gave)\s+(?:an?\s+)?offers?\b/gi, "which candidates are in offer"],
  [/[?.]\s*(?:on|for|in|across)\s+all\s+(?:vacancies|positions|jobs|roles)\b[.?]*/gi, "?"],
  // ". I must plan salary budget", ", I have to prepare the visa ... for the same", ". I need helper for closing of month": why.
  [
    /[,.;]\s*(?:I|we)\s+(?:must|have\s+to|need\s+to|will\s+have\s+to|should)\s+(?:plan|prepare|send|call|write|make|book|arrange|do|convert|report|pay|check)\b[^?]*$/gi,
    "",
  ],
  [/[,.;]\s*(?:I|we)\s+need\s+(?:a\s+)?(?:helper|help|someone|somebody|support)\s+(?:for|with)\b[^?]*$/gi, ""],
  [/[,.;]\s*(?:I|we)\s+(?:will|'ll)\s+convert\b[^.?!]*/gi, ""],
  [/[.!]\s*(?:yalla\s+)?(?:we|i)\s+need\s+(?:somebody|someone|a\s+person|people)\s+(?:urgently|asap|quickly|fast|soon)\b[.!]*/gi, "."],
  // ". my friend recomends her", ". he is who pays our invoices there": a remark about a new record.
  [
    /[.;,]\s*(?:my|our)\s+(?:friend|colleague|boss|manager|partner)\s+(?:recommends?|recomends?|recommended|recomended|suggested|knows|referred)\s+(?:her|him|them)\b[.!]*/gi,
    ".",
  ],
  [/[.;,]\s*(?:he|she|they)\s+(?:is|are)\s+(?:who|the\s+one\s+who|the\s+person\s+who)\s+[^.?!]*[.!]*/gi, "."],
  // "he is finance director in Globex": the title, at the company.
  [/,\s*(?:he|she)\s+is\s+(?:the\s+|our\s+)?([a-z][\w -]{2,40}?)\s+in\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/g, ", title is $1, at $2"],
  // "How many contact persons we are having in Aperture Labs side?": contacts at it.
  [/\bcontact\s+persons\b/gi, "contacts"],
  [/\bwe\s+are\s+having\b/gi, "we have"],
  [/\bin\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+side\b/g, "at $1"],
  // "Stark Logistics CEO James Novak", "Tyrell Biotech's Mia Rossi": the person, at the company.
  [/\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*?)\s+(?:CEO|CFO|COO|CTO|CMO|CRO)\s+([A-Z][a-z]+\s+[A-Z][a-z'’-]+)\b/g, "$2 at $1"],
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*?)['’]s\s+([A-Z][a-z]+\s+[A-Z][a-z'’-]+)\s+(?=(?:sign|signed|is|was|became|accepted|agreed|paid|wants|asked)\b)/g,
    "$2 at $1 ",
  ],
  // "sign contract with us last friday, so now customer. please change lifecycle stage": mark them a customer.
  [
    /\s+(?:has\s+)?(?:sign|signed)\s+(?:the\s+)?(?:contract|deal|po)\b[^.,]*?,?\s*so\s+(?:(?:he|she|they)\s+(?:is|are)\s+)?now\s+(?:a\s+)?(customer|client)\b[.!]?\s*(?:please\s+)?(?:change|update)\s+(?:the\s+|his\s+|her\s+)?lifecycle(?:\s+stage)?\b/gi,
    " is now a customer",
  ],
  // "who is enrolled inside now", "who is now inside of sequence X", "who all are running in the X sequence": its enrollments.
  [
    /(?<=^\s*|[.?!]\s+)who\s+(?:all\s+)?(?:is|are)\s+(?:now\s+|currently\s+)?(?:enrolled\s+|running\s+|active\s+)?(?:inside\s+(?:of\s+)?|in\s+)(?:the\s+)?(?:sequence\s+)?(["“][^"”]+["”](?:\s+sequence)?)/gi,
    "who is enrolled in $1",
  ],
  [/^\s*(["“][^"”]+["”]\s+sequence)\s*[—–:,-]+\s*who\s+(?:is|are)\s+(?:enrolled\s+)?(?:inside|in\s+it|in\s+there)(?:\s+now)?\b/gi, "who is enrolled in $1"],
  [/[?.]\s*(?:pls\s+|please\s+)?(?:give\s+me\s+)?(?:the\s+)?names(?:\s+of\s+(?:the\s+)?people)?(?:\s+please|\s+pls)?\s*[?.!]*\s*$/gi, "?"],
  // "please put into New lead follow-up sequence": enrol in it.
  [/\bput\s+(?:him|her|them|it)?\s*into\s+(?=(?:the\s+)?["“]?[A-Z][^.?!]*\bsequence\b)/g, "enroll in "],
  // "due from today until 31st Dec", "from now to the end of the month": a span starting today.
  [
    /\bfrom\s+(today|now|tomorrow)\s+(?:until|till|to|through|thru|up\s+to)\s+/gi,
    (_, start: string) => `between ${start.toLowerCase() === "now" ? "today" : start} and `,
  ],
  [/\b(?:our\s+)?issued\s+(?=invoices\b[^.?!]*\bdue\b)/gi, "open "],
  [/(?<=\bbetween\s+\w+\s+and\s+)(\d{1,2})(?:st|nd|rd|th)\s+(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/gi, "$1 "],
  [/[?.]\s*(?:not\s+the\s+(\w+)\s+ones?)\s*,\s*(?:those|these|them)\s+(?:I|we)\s+already\s+(?:have|know|got)\b[.!]*/gi, ", not $1"],
  [/[,.]\s*(?:please\s+|pls\s+)?make\s+(?:a\s+|the\s+)?list(?:\s+(?:for|to)\s+me)?\b[.!]*/gi, "."],
  [/\?\s*please\s+do\s+it\s*[.!]*\s*$/gi, "."],
  [/[?.]\s*(?:give|show|split|break)\s+(?:it\s+|me\s+|them\s+)?(?:down\s+)?(?:per|by)\s+currency\b[^?.!]*[?.!]*/gi, "?"],
  [/\b(?:the\s+)?total\s+outstanding\s+amount\s+(?:the\s+)?(?:clients|customers)\s+owe\s+us\b/gi, "the total amount outstanding"],
  // "Diane likes to know what's coming in.", "Diane wants to be sure she isn't writing twice.": why, said of someone else.
  [/^\s*[A-Z][a-z]+\s+(?:likes|wants|would\s+like|needs|has\s+asked)\s+to\s+(?:know|see|understand|check)\b[^.?!]*[.!]\s+(?=\S)/g, ""],
  [/(?<=[.?!])\s+[A-Z][a-z]+\s+(?:wants|would\s+like|needs)\s+to\s+(?:be\s+sure|make\s+sure|check|know)\b[^.?!]*[.!]?\s*$/g, ""],
  // "Diane would like to write to the Controller at Stark Logistics. Could I trouble you for their name and email?":
  // who holds that title there.
  [
    /^.*?\b(?:write|speak|talk|reach\s+out|send\s+\w+|reply|call)\s+(?:personally\s+|directly\s+)?to\s+the\s+([A-Z][\w&-]*(?:\s+(?:of\s+)?[A-Z][\w&-]*){0,3})\s+(?:at|of)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*[.!]\s*[^?]*\b(?:name|e-?mail|details|contact)\b[^?]*\?\s*$/g,
    "who is the $1 at $2? their email?",
  ],
  // "who is currently going through the new lead follow-up emails": whom that sequence is enrolled.
  [
    /\bwho\s+is\s+(?:currently\s+|still\s+|now\s+)?going\s+through\s+the\s+(?!list\b)([\w -]{2,40}?)\s+(?:emails|mails|sequence|cadence)\b/gi,
    "who is enrolled in the $1 sequence",
  ],
  // "he has a new direct line, +1 617 555 0142": the phone to set.
  [
    /^([A-Z][\w-]+\s+[A-Z][\w-]+)(?:['’]s)?\b[^.]*?\b(?:he|she|they)\s+(?:has|have)\s+(?:got\s+)?a\s+new\s+(?:direct\s+line|phone(?:\s+number)?|mobile(?:\s+number)?|number|cell)\s*[,:-]?\s*(\+?\d[\d\s().-]{6,}\d)\.?\s*(?:(?:[Ww]ould|[Dd]o)\s+you\s+mind\s+updating|(?:[Pp]lease\s+|[Cc]ould\s+you\s+|[Cc]an\s+you\s+)?update)\s+(?:his|her|their|the)\s+(?:record|details|contact)(?:\s+with\s+it)?\s*\??\s*$/g,
    "set $1's phone to $2",
  ],
  [
    /\b(?:he|she|they)\s+(?:has|have)\s+(?:got\s+)?a\s+new\s+(?:direct\s+line|phone(?:\s+number)?|mobile(?:\s+number)?|number|cell)\s*[,:-]?\s*(\+?\d[\d\s().-]{6,}\d)/gi,
    "phone is $1",
  ],
  // South African and Polish office English.
  [
    /^\s*(?:the\s+)?draft\s+invoice\s+(?:of\s+|for\s+)?([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*,?\s*(?:please\s+)?(?:issue|finali[sz]e|send\s+out)\s*(?:it\s*)?(?:now\s*)?[.!]*$/g,
    "finalize the draft invoice of $1",
  ],
  [/\b(that|the)\s+one\s+(?:we|I)\s+(?:spoke|talked|discussed|chatted)\s+about(?:\s+(?:just\s+now|earlier|yesterday|before|last\s+time))?/gi, "$1 one"],
  [/(\bit\s+is\s+for\s+(?:the\s+)?[\w\s-]{3,40}?)\s+(?:from|of)\s+(?:last|this|the\s+previous)\s+(?:month|week|quarter)\b/gi, "$1"],
  [/^\s*(?:ja|jah|yebo|eish|howzit)\b[,!.\s]*/gi, ""],
  [/[,.!]?\s+hey\s*[!.?]*\s*$/gi, ""],
  [/\bwat['’]?s\b/gi, "what's"],
  [/,\s*(?:they|he|she|the\s+client)\s+(?:already\s+|have\s+|has\s+)?(?:replied|responded|answered|came\s+back|got\s+back)\b[^.?!]*/gi, ""],
  [/[?.]\s*only\s+(?:in\s+)?(USD|EUR|GBP)\b\s*,?\s*(?:not\s+the\s+\w+\s+ones)?\s*[.!]*/g, "?"],
  [/\bhow\s+many\s+(?:people|persons|folks)\s+(?:did|have)\s+we\s+(?:actually\s+|really\s+)?hired?\b/gi, "how many candidates did we hire"],
  [/\b(?:until|till|up\s+to|as\s+of)\s+today\b/gi, ""],
  [/\b(?:where|which|that)\s+(?:the\s+)?(?:client|customer)\s+(?:has\s+)?paid\s+only\s+(?:a\s+)?part\b[^?.!]*/gi, "that are part paid"],
  [/\bI\s+need\s+that\s+you\s+/gi, ""],
  [/\bplease\s+to\s+(?=(?:make|create|add|change|move|mark|send|void|reject)\b)/gi, "please "],
  [/\b(?:asked|asks|requested)\s+(?:for\s+)?(?:a\s+)?little\s+(?:more|extra)\s+time\b/gi, "asked for more time"],
  [/\bwho\s+(?:do\s+)?we\s+have\s+as\s+contacts\s+(?:in|at)\s+/gi, "which contacts are at "],
  [/[?.;,]\s*(?:I|we)\s+(?:must|have\s+to|need\s+to)\s+(?:send|prepare|write|call|email)\b[^?]*$/gi, "?"],
  [/\b(?:on|in|at)\s+(?:which|what)\s+stage\s+is\s+(?:now\s+)?(?:the\s+)?/gi, "what stage is the "],
  [/[?.]\s*(?:the\s+)?(?:sales(?:\s+team)?|the\s+team|they|nobody)\b[^?.!]*\b(?:don'?t|doesn'?t|didn'?t|won'?t)\s+(?:answer|reply|respond)\b[^?.!]*/gi, "?"],
  [
    /^\s*(?:sales|we|the\s+team)\s+(?:sent|send|have\s+sent|has\s+sent)\s+(?:already\s+)?(?:the\s+|an?\s+)?(?:offer|oferta|proposal|quote)\s+(?:already\s+)?to\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*,\s*(?:please\s+)?move\s+the\s+deal\s+with\s+them\b/g,
    "move the $1 deal",
  ],
  [/\bare\s+still\s+in\s+the\s+(?:hiring|process|recruitment)\s+for\s+(?:the\s+)?(.+?)\s*\?/gi, "are still active for the $1 job?"],
  [/[?.]\s*without\s+the\s+rejected\b[^?.!]*/gi, "?"],
  [/\bhave\s+(?:an?\s+)?offer\s+from\s+us\b/gi, "are in offer"],
  [/,\s*after\s+(?:the\s+)?(?:screening|interview|call|review)\b[^.?!]*/gi, ""],
  [/^\s*(?:we\s+)?(?:open|opening|start|starting)\s+(?:a\s+)?new\s+(?:hiring|recruitment|vacancy|position)\s*[–—:-]\s*/gi, "create a new job: "],
  [/\bin\s+([A-Z][\p{L}-]+)\s+office\b/gu, "location is $1"],
  [/[.!]\s*please\s+create\s+it\s*[.!]*\s*$/gi, "."],
  // "the cliente", "our clientes": a client, in Italian, Spanish and Portuguese.
  [/\bcliente\b/gi, "client"],
  [/\bclient(?:i|es)\b/gi, "clients"],
  // Filipino, Italian and Chinese English (tagalog.ts, italian.ts, chinese.ts put their own words into English first).
  // "pls check how much is ...", "kindly verify which ...": the question itself.
  [
    /(^|[,.!?:]\s*)(?:please\s+|kindly\s+|can\s+you\s+|could\s+you\s+)?(?:check|verify|confirm|find\s+out|see)\s+(?=(?:how|what|who|which|when|where)\b)/gi,
    "$1",
  ],
  // "who among our contacts are tagged as X": which of them.
  [/\bwho\s+among\s+(?:all\s+)?(?:of\s+)?(?:our|the)\s+(contacts|candidates|applicants|clients|accounts)\s+(?:is|are)\b/gi, "which $1 are"],
  // "signed as decision-maker (the tag)": tagged so.
  [/\b(?:signed|marked|flagged|labell?ed|set)\s+as\s+([\w-]+)\s*\((?:with\s+)?(?:the|a)\s+tag\)/gi, "tagged $1"],
  // ", i will cc her in the SOA", ", i'll send it to the client": what the asker does next holds no request.
  [/[,;]\s*(?:i|we)(?:['’]ll|\s+will|\s+am\s+going\s+to|\s+want\s+to)\s+(?:cc|copy|include|forward|send|attach|email|mail|put)\b[^.?!]*(?=[.?!]|$)/gi, ""],
  // "a new deal under Initech": at Initech.
  [/\b((?:new\s+)?(?:deal|opportunity|invoice|contact))\s+under\s+(?=[A-Z])/g, "$1 for "],
  // "the amount I don't remember (exactly)": not said.
  [
    /[,.;]?\s*(?:the\s+)?(?:amount|value|price|total)\s+(?:I|we)\s+(?:don'?t|do\s+not|can'?t|cannot)\s+(?:remember|recall|know)(?:\s+(?:exactly|now|yet))?/gi,
    "",
  ],
  // "can you make me the list of the deals": list them.
  [/\b(?:(?:can|could|would)\s+you\s+)?(?:make|give|do|prepare)\s+me\s+(?:the|a)\s+list\s+(?:of|with)\s+(?:the\s+|all\s+the\s+)?/gi, "list the "],
  [/\b(?:make|give)\s+me\s+the\s+list\s+with\s+the\s+(amounts?|values?|totals?)\s+of\s+each(?:\s+one)?/gi, "with the $1"],
  // "eventually also the amount" (possibly): what to show beside, which the list does.
  [/[,.;]?\s*\beventually\s+(?:also\s+)?(?:with\s+)?(?:the\s+)?(?:amounts?|values?|totals?|dates?|stages?)\b/gi, ""],
  // "pass it in Negotiation": move it there.
  [
    /\bpass\s+(it|them|him|her|(?:the|this|that)\s+\w+(?:\s+(?:of|for|with)\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)?)\s+(?:in|into|to|at)\s+(?:the\s+)?(?=[\w-]+)/g,
    "move $1 to ",
  ],
  // "we think to close it within the end of march", "we hope to close it by March": its expected close date.
  [
    /\b(?:we\s+|i\s+)?(?:think|expect|hope|plan|want|count)\s+(?:to\s+close|closing)\s+(?:it\s+)?(?:within|by|before|for|in)\s+(?:the\s+)?(?=end\s+of|\w+\s+\d|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)/gi,
    "expected to close by the ",
  ],
  [/\bwithin\s+the\s+end\s+of\b/gi, "by the end of"],
  // "is not anymore a lead, he became cliente": what it is now.
  [
    /\bis\s+(?:not\s+any\s?more|no\s+(?:more|longer))\s+an?\s+[\w-]+\s*[,;]?\s*(?:and\s+)?(?:he|she|they|it)\s+(?:became|become|becomes|is\s+now|has\s+become|turned)\s+(?:an?\s+)?/gi,
    "is now a ",
  ],
  // "(he became a customer) since this month. can you update it in his record?": the change asked.
  [
    /[.!]\s*(?:can|could)\s+you\s+(?:update|change|fix)\s+(?:it|that|this)\s+(?:in|on)\s+(?:his|her|their|the)\s+(?:record|profile|card|file|scheda)\s*\??\s*$/gi,
    ". Update it.",
  ],
  // "at what point is arrived the deal with X", "at which point is the candidate": its stage.
  [
    /,?\s*at\s+(?:what|which)\s+point\s+(?:is\s+)?(?:he\s+|she\s+|it\s+|they\s+)?(?:arrived|arrive|got|is)\s+(?:with|in)\s+the\s+(?:hiring|selection|process|pipeline|negotiation)\s*\?/gi,
    ": what stage is it at?",
  ],
  [/\bat\s+(?:what|which)\s+point\s+(?:is\s+)?(?:arrived\s+|arrive\s+|it\s+is\s+|is\s+)?/gi, "what stage is "],
  // "we have assunto (hired)": a word followed by itself in English, once.
  [/\b([\w-]+)\s+\(\s*\1\s*\)/gi, "$1"],
  // "we don't go forward with X", "with X we dont go forward": X is turned down.
  [
    /\bwith\s+([A-Z][\w'’-]+\s+[A-Z][\w'’-]+(?:\s*\([^)]{1,40}\))?)\s+we\s+(?:don'?t|do\s+not|won'?t|will\s+not)\s+(?:go|move|proceed|continue)\s+(?:forward|ahead|on)\b/g,
    "reject $1",
  ],
  [
    /[,.]\s*the\s+(?:profile|cv|candidate|person)\s+is\s+not\s+(?:adapt|adapted|adequate|suitable|right|good\s+enough)\b[^.?!]*[.!]?\s*(?:please\s+)?reject\s+(?:the|this|that)\s+(?:candidate|person|profile)\b/gi,
    "",
  ],
  // "he is assunto, update it", "she is hired now": hire that one.
  [
    /\b(?:he|she|they)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+|officially\s+)?hired\b[,.!]?\s*(?:(?:please\s+)?(?:update|change|mark|record|register)\s+(?:it|that|this|him|her|them)\b)?/gi,
    "mark them hired",
  ],
  // "we signed the contract for the Data migration. Please make this deal closed won": the deal named before.
  [
    /(?:^|(?<=[.!?]\s))\s*(?:we\s+)?(?:just\s+|finally\s+)?(?:have\s+)?signed\s+(?:the\s+contract\s+)?(?:for|on)\s+(?:the\s+)?([^.!?]{3,60}?)\s*[.!]+\s*(?:please\s+|pls\s+|kindly\s+)?(mark|make|set|move|put)\s+(?:this|that|the)\s+deal\b/gi,
    "$2 the $1 deal",
  ],
  // "insert a new candidate": add one.
  [/\binsert\s+(?=(?:a|an|the|one)\s+new\b)/gi, "add "],
  // "how much (money) we have still to incassare from all the clienti", "how much money total customer still owe us":
  // what is owed in all.
  [
    /\bhow\s+much\s+(?:money\s+)?(?:in\s+total\s+|total\s+)?(?:we\s+have\s+|do\s+we\s+have\s+|is\s+there\s+)?(?:still\s+)?to\s+(?:collect|receive|cash\s+in|get\s+paid|incassare)\s+from\s+(?:all\s+)?(?:the\s+|our\s+)?(?:clients|customers|accounts)\b/gi,
    "how much do customers owe us in total",
  ],
  [
    /\bhow\s+much\s+(?:money\s+)?(?:in\s+)?total\s+(?:the\s+)?(?:customers?|clients?)\s+(?:still\s+)?owe(?:s)?\s+us\b/gi,
    "how much do customers owe us in total",
  ],
  [/[?.]\s*(?:overdue|scaduto)\s+and\s+not\s+(?:overdue|scaduto)\s+together\b[^.?!]*|[?.]\s*(?:USD\s+EUR\s+GBP|EUR\s+USD\s+GBP)\s+separate(?:ly)?\b/gi, "?"],
  // "the client X must still give us": what X owes.
  [
    /\bhow\s+much\s+(?:money\s+)?(?:the\s+(?:client|customer)\s+)?(.+?)\s+(?:must|has\s+to|should|needs\s+to)\s+still\s+(?:give|pay)\s+(?:to\s+)?us\b/gi,
    "how much does $1 still owe us",
  ],
  [
    /\bhow\s+much\s+(?:money\s+)?(?:the\s+(?:client|customer)\s+)?(.+?)\s+still\s+(?:must|has\s+to|should|needs\s+to)\s+(?:give|pay)\s+(?:to\s+)?us\b/gi,
    "how much does $1 still owe us",
  ],
  // "the invoice INV-13 the due date become the 15 of february": change it.
  [
    /\b(?:the\s+)?(?:invoice\s+)?(INV-?\d+)\s*,?\s+the\s+(due\s+date|amount)\s+(?:becomes?|became|will\s+be|is\s+now|goes\s+to|must\s+be|should\s+be)\s+/gi,
    "change the $2 of $1 to ",
  ],
  [
    /(?:^|(?<=[.!?]\s))\s*(?:[Tt]he\s+)?(?:client\s+|customer\s+)?(?:[A-Z][\w&'’-]*\s+){0,4}(?:has\s+)?(?:asked|asks|requested|requests|wants|wanted)\s+(?:for\s+)?(?:more|extra|some\s+more)\s+time\s*,\s*(?:so\s+)?/g,
    "",
  ],
  // "X requested to extend the due date of their invoice by 1 week": extend it.
  [
    /^\s*(.+?)\s+(?:has\s+)?(?:requested|asked|wants|wanted|would\s+like)\s+(?:us\s+)?to\s+(extend|push|move|postpone|delay)\s+the\s+due\s+date\s+of\s+(?:their|its|his|her)\s+(invoices?|bills?)\b/gi,
    "$2 the due date of $1's $3",
  ],
  // "... pls adjust, thanks!": the request was said before it.
  [
    /(?<=[.!])\s*(?:please|pls|kindly)\s+(?:adjust|action|process|amend|do\s+the\s+needful)(?:\s+(?:it|accordingly|as\s+needed))?\s*[,.!]*\s*(?:thanks?|thank\s+you|ty|tia)?\s*[!.]*\s*$/gi,
    "",
  ],
  // ": the client accepted to discuss the prices, so move it": why, before what to do.
  [/:\s*(?:the\s+)?(?:client[ei]?|customer|they|he|she)\s+(?:accepted|agreed|wants?|asked|decided|is\s+ready)\s+to\s+[^,.;!?]+,\s*so\s+/gi, ": "],
  // "is now a client (since this month)": a customer.
  [/\bis\s+now\s+an?\s+(?:client|customer)\b(?:\s+since\s+[^.?!,]*)?/gi, "is now a customer"],
  // "the drafts no", "the paid ones no": not those.
  [/[,;]?\s*(?:the\s+)?(drafts|paid\s+ones|overdue\s+ones|void\s+ones)\s+no\b/gi, ", not $1"],
  // "the overdue one dont count, only the coming one": not those.
  [
    /[,.;?]?\s*(?:the\s+)?(overdue|paid|draft|void)\s+ones?\s+(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+count\b\s*,?\s*(?:only\s+the\s+(?:coming|upcoming|future|new|next)\s+ones?)?/gi,
    ", not $1",
  ],
  // "which invoice will due before ...": fall due.
  [/\bwill\s+due\b/gi, "are due"],
  // "customer Globex still owe how much?": the question word last, as Chinese puts it.
  [
    /^\s*(?:the\s+)?(?:customer\s+|client\s+)?([A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*)\s+(?:still\s+)?owe[sd]?\s+(?:us\s+)?(?:still\s+)?how\s+much\b/g,
    "how much does $1 still owe us",
  ],
  // "the payment of Stark all arrive?": whether X paid all.
  [
    /\b(?:the\s+|did\s+the\s+|has\s+the\s+)?payments?\s+(?:of|from)\s+(.+?)\s+(?:all\s+)?(?:arrive|arrived|come|came|received|come\s+in|came\s+in)(?:\s+already)?\s*\?/gi,
    "has $1 paid everything?",
  ],
  // "which invoice still not pay", "customer not pay yet": unpaid.
  [/\b(invoices?|bills?)\s+(?:is\s+|are\s+)?still\s+not\s+(?:pay|paid|pay\s+yet|paid\s+yet)\b/gi, "$1 are still unpaid"],
  // "USD invoices overdue ...": in that currency.
  [/^\s*(USD|EUR|GBP|CHF|CAD|AUD)\s+(invoices?|bills?)\b/g, "$2 in $1"],
  [/,\s*how\s+many\s+(?:have|has|there|are\s+there)\s*\?/gi, ": how many?"],
  // "X, this one cancel pls": the verb on the record named first.
  [/^\s*((?:INV-?\d+|[A-Z][^,]{1,60}?))\s*,\s*(?:this|that)\s+one\s+(cancel|void|delete|remove|reject|hire|approve|pause|resume|archive|close)\b/g, "$2 $1"],
  // "the X sequence, now still have how many contact running inside?": how many are in it.
  [
    /^\s*(.+?\bsequence)\s*,\s*(?:now\s+|still\s+|right\s+now\s+)*(?:have|has)\s+how\s+many\s+(contacts?|people|persons|leads?)\s+(?:running\s+|active\s+|still\s+)?(?:inside|in\s+it|in\s+there)\b/gi,
    "how many contacts are enrolled in $1",
  ],
  // "change this person to customer": its lifecycle stage.
  [
    /\b(?:change|switch|turn|update)\s+(this\s+person|this\s+contact|him|her|them)\s+(?:to|into|as)\s+(?=(?:an?\s+)?(?:customer|lead|prospect|subscriber|qualified|opportunity|evangelist|churned)\b)/gi,
    "mark $1 as ",
  ],
  // "X job, which candidate we reject already?": the question about that job.
  [
    /^\s*(?:the\s+)?(.+?)\s+(job|role|position|vacancy|opening)\s*,\s*(which|how\s+many|who)\s+(candidates?|applicants?|people)\s+(?:we|did\s+we)\s+(reject|rejected|hire|hired|interview|interviewed)\b(?:\s+already)?/gi,
    (_, name: string, _kind: string, q: string, who: string, verb: string) =>
      `${q} ${who} for the ${name} job are ${/^rej/i.test(verb) ? "rejected" : /^hir/i.test(verb) ? "hired" : "in interview"}`,
  ],
  // "Product Designer the candidate, move to next round": which candidate, for that job.
  [/^\s*(.+?)\s+the\s+(candidate|applicant)\s*,\s*(move|advance|reject|hire|push)\s+/gi, "$3 the $2 for $1 "],
  // "past one year we hire how many people total?": hires counted over that time.
  [
    /^\s*(?:in\s+the\s+)?(past|last)\s+(?:one\s+|1\s+)?(year|month|quarter|week)\s+we\s+(?:hire|hired|have\s+hired)\s+how\s+many\s+(?:people|persons|candidates)(?:\s+(?:in\s+)?total)?/gi,
    "how many candidates did we hire in the $1 $2",
  ],
  // Kenyan office English (swahili.ts puts Swahili and Sheng words into English first).
  // "due by end month", "before end month", "month end": the end of this month.
  // ("next month end", "the month-end report" are other things.)
  [
    /(?<!\b(?:next|last|this|previous|coming|following)\s+)\b(?:the\s+)?(?:end\s+month|month[- ]end)\b(?!\s+(?:report|pack|review|close|closing|meeting|figures|numbers))/gi,
    "the end of this month",
  ],
  // "the client has not cleared", "has Acme cleared INV-12": paid, as a debt is cleared.
  [/\b(has|have|had)\s+(?:not|n['’]t)\s+(?:yet\s+)?cleared\b(?!\s+(?:customs|the\s+goods|the\s+shipment))/gi, "$1 not paid"],
  [/\bcleared\s+(?=(?:the|their|its|his|her|our)\s+(?:invoice|bill|balance|arrears)s?\b|INV-?\d)/gi, "paid "],
  // "which invoices have the clients paid only partly? the ones with some balance still hanging": part paid.
  [/\b(?:have|has)\s+(?:the\s+)?(?:clients?|customers?|they)\s+paid\s+only\s+(?:partly|partially|in\s+part)\b/gi, "are part paid"],
  [/\bpaid\s+only\s+(?:partly|partially|in\s+part)\b|\bpartially\s+paid\b/gi, "part paid"],
  [/[?.]\s*(?:the\s+ones?|those)\s+with\s+(?:some\s+|a\s+)?balance\s+(?:still\s+)?(?:hanging|remaining|left|pending|outstanding)\b[^?.!]*/gi, "?"],
  // "which clients have not paid yet?" (swahili.ts's "ni wateja gani hawajalipa?"): those with unpaid invoices.
  [
    /\b(which|what)\s+(clients|customers|accounts|companies)\s+(?:(?:have|has)\s+not|haven['’]t|did\s+not|didn['’]t)\s+(?:yet\s+)?paid(?:\s+yet)?\b/gi,
    "$1 $2 have unpaid invoices",
  ],
  // "kindly confirm if Acme has cleared their balance": what they still owe.
  [
    /(^|[.!?]\s*)(?:(?:kindly|please|pls)\s+)?(?:confirm|check|verify|advise)\s+(?:if|whether)\s+([^.?!]{2,60}?)\s+(?:has|have)\s+(?:(?:fully|already)\s+)?(?:paid|cleared|settled)\s+(?:their|its|the|his|her)\s+(?:balance|arrears|account|bill|invoices)\b/gi,
    "$1how much does $2 still owe",
  ],
  // "kindly revert with the list of deals in negotiation": send it, that is show it.
  [
    /(^|[.!?]\s*)(?:(?:kindly|please|pls)\s+)?revert\s+(?:back\s+)?(?:to\s+(?:me|us)\s+)?with\s+(?=(?:the\s+|a\s+)?(?:list|details|names|numbers|figures?|totals?|count|status)\b)/gi,
    "$1show ",
  ],
  // "client cancelled that shipment, we shall reissue later": what comes next is no request.
  [/[,;]\s*(?:we|I)\s+(?:shall|will|['’]ll)\s+(?:re-?issue|re-?send|re-?do|raise\s+(?:a\s+)?(?:new|another|fresh)\s+one)\b[^.?!]*/gi, ""],
  // "New CV for the Account Executive role: Achieng Otieno, ...": a new candidate for it.
  [/\b(?:a\s+)?new\s+(?:CV|resume|résumé)\s+(?=(?:for|to)\s)/gi, "new candidate "],
  // "on contract terms", "on permanent terms": the kind of employment.
  [/\bon\s+(?:a\s+)?(contract|permanent|temporary|full[- ]time|part[- ]time)\s+terms\b/gi, "$1"],
  // "reject the backend candidate, they did not fit at interview": why, which changes nothing.
  [/,\s*(?:(?:he|she|they)\s+)?(?:did\s+not|didn['’]?t)\s+fit\b[^.?!]*/gi, ""],
  // "all contacts of Aperture Labs, names and their titles": what a contact's line shows anyway.
  [/,\s*(?:(?:with\s+)?(?:their\s+)?names\s+(?:and|&)\s+(?:their\s+)?(?:titles|roles|positions|emails|phones?))\b/gi, ""],
];

/** "wants it closed": the verb that does it. */
const WANTED_DONE: Record<string, string> = { closed: "close", paused: "pause", archived: "archive", voided: "void" };
/** The stages a sales pipeline usually has, named as steps ("the proposal point"). */
const STAGE_NAMES = /^(?:proposal|negotiation|discovery|qualification|qualified|demo|contract|closing|lead|won|lost)$/i;
/** Every state's name and the words for it: "the offer point" is a stage, "that one" no state. */
export const STATE_WORDS = new Set(Object.entries(VALUE_WORDS).flatMap(([value, words]) => [value, ...words]));

/**
 * A newcomer's words, and a second office's: "is there a way to see", "the money stuff", deals called "orders" or
 * "sales", jobs called "ads", a stage called a "step" or a "point"; "kindly", "revert", "update the same",
 * "currency wise", "who all".
 */
const EVERYDAY_REWRITES: Rewrite[] = [
  [
    /^\s*(?:is\s+there\s+(?:a\s+way|any\s+way|somewhere)\s+(?:to|i\s+can)\s+(?:see|get|find|check|view|look\s+at)|where\s+(?:would|do|can|could)\s+i\s+(?:find|see|look\s+up|check)|how\s+(?:do|can|would)\s+i\s+(?:see|find|check|get|look\s+up)|can\s+i\s+(?:get\s+a\s+list\s+of|see|get|have))\b\s*/i,
    "show ",
  ],
  [/^\s*is\s+there\s+a\s+way\s+to\s+(?=(?:put|add|create|open|make|mark|move|set)\b)/i, ""],
  [/\bhow\s+do\s+i\s+know\s+how\s+we\s+(?:found|got|sourced|met)\s+(.+?)\s*(?:\?|$|[.,;]\s*like\b[^?]*\??)/gi, "what is the source of $1?"],
  [/\b(?:the\s+)?money\s+stuff\b/gi, "invoices"],
  [/\b(?:hasn't|has\s+not|haven't|have\s+not)\s+paid(?:\s+us)?(?:\s+yet)?\b/gi, "has unpaid"],
  [/,?\s*like\s+(?:which|what)\s+[a-z]+\s+(?:are\s+)?still\s+hanging\s+out\s+there\b/gi, ""],
  [/\b(?:the\s+)?people\s+we(?:'re|\s+are)\s+(?:talking\s+to|working\s+with|in\s+touch\s+with|selling\s+to|dealing\s+with)\b/gi, "contacts"],
  [/\bcustomers\s+(?:over\s+)?at\s+(?=[A-Z])/g, "contacts at "],
  [/[?.,]?\s*i\s+mean\s+the\s+(?:actual\s+)?people\b[^.?!]*[.?!]?/gi, "?"],
  [/\b(are|is)\s+(?:still\s+)?(?:just\s+)?marked\s+as\s+/gi, "$1 "],
  // "the Hooli Cloud sale", "which orders are in negotiation": deals.
  [
    /(?<=\b(?:the|a|an|our|any|which|what|many|this|that|new|open|lost|won|[A-Z][\w&-]*)\s)(order|sale)(s?)\b(?=\s*(?:[?.!,;—–]|$)|\s+(?:is|are|was|were|we|that|which|in|at|to|with|for|sitting|still|it|has|have|from|of|you|they|along|forward|on|back|over|into|through|as)\b)/g,
    "deal$2",
  ],
  // "at the offer point", "in the negotiation step", "what step it's in": the stage.
  [
    /\b(at|in|to|into)\s+the\s+([a-z]+)\s+(?:point|step|phase)\b/gi,
    (said: string, _: string, w: string) => (STATE_WORDS.has(w.toLowerCase()) || STAGE_NAMES.test(w) ? `in ${w}` : said),
  ],
  // "X asks what's still open on their side": the question relayed, about X.
  [
    /^\s*([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:asks|asked|wants\s+to\s+know|is\s+asking|would\s+like\s+to\s+know)\s+(?=(?:what|what's|how\s+much|which|whether|if|when)\b)/,
    "$1, ",
  ],
  [/\s+on\s+(?:their|his|her)\s+(?:side|end)\b/gi, ""],
  // "how much is still open", "how much is left": what is still owed.
  [/\bhow\s+much\s+is\s+(?:still\s+)?(?:open|outstanding|left|unpaid)\b/gi, "how much is still owed"],
  [
    /\b(?:a\s+|an\s+)?(?:friend|colleague|member|someone|somebody)(?:\s+of\s+(?:the\s+|our\s+|my\s+)?(?:team|staff|company|ours|mine))?\s+referred\s+(?:her|him|them)\b/gi,
    "source: referral",
  ],
  [/\b(what|which)\s+(?:step|point|phase)\b/gi, "$1 stage"],
  // "the Product Designer ad": the job.
  [/\b([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+ad\b/g, "$1 job"],
  [/\bnew\s+(?:person|someone|applicant)\s+for\s+(?=(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*\s+(?:job|role|opening|position|req)\b)/g, "new candidate for "],
  [/\bput\s+up\s+(?=(?:a|an)\s+(?:new\s+)?job\b)/gi, "create "],
  [/\?\s*it(?:'s|\s+is)\s+for\s+(?:a|an)\s+/gi, ": "],
  [/\bmake\s+it\s+official\b(?:\s+so\s+(?:it|that)\s+counts\s+as\s+sent)?/gi, "finalize it"],
  [/,?\s*(?:is|are)\s+good\s+to\s+go\b/gi, ""],
  [/\b(?:can\s+you\s+|please\s+)?(?:put|log|record|enter)\s+(?:that|this|it)\s+in\s+(?:the|our)\s+(?:system|crm|records?)\b/gi, "update it"],
  [/\b(?:can\s+you\s+|please\s+)?(?:put|enter)\s+(?:that|this)\s*[?.!]*\s*$/gi, "update it"],
  // "the customer on INV-21 asked me when it's due": when it is due, asked.
  [
    /\s+(?:asked|asks|wants\s+to\s+know|wanted\s+to\s+know|is\s+asking)(?:\s+me|\s+us)?\s+(when|how\s+much|what)\s+(it|they)(?:'s|'re|\s+is|\s+are)\s+/gi,
    ", $1 is $2 ",
  ],
  [/\b(?:change|update)\s+(?:their|his|her|its|the)\s+record\s+to\s+(?:show|reflect)\s+(?:that|this|it)\b/gi, "update it"],
  [/\bpaying\s+customer\b/gi, "customer"],
  [
    /\b(?:my\s+manager|the\s+hiring\s+manager|they|she|he|we|the\s+boss|finance)\s+wants?\s+(it|them|that|this)\s+(closed|paused|archived|voided|cancell?ed)\b(?!\s+(?:by|before|in|this|next|at|on|end|out|won|lost)\b)/gi,
    (_: string, it: string, done: string) => `${WANTED_DONE[done.toLowerCase()] ?? "cancel"} ${it}`,
  ],
  [/,?\s*so\s+(?:that\s+)?no\s+(?:more\s+)?(?:one|people|candidates|applicants)\s+can\s+apply\b/gi, ""],
  [/\bswitch\s+(.+?)\s+over\s+to\s+(?:being\s+)?(?:a|an)\s+/gi, "set $1 to "],
  [/^\s*(?:i\s+was\s+told|my\s+manager\s+(?:asked|told)\s+me|i've\s+been\s+asked|i\s+was\s+asked)\s+to\s+/i, ""],
  [/[.?!]?\s*how\s+do\s+i\s+do\s+that\??\s*(?:or\s+)?(?:can\s+you\s+)?(?:just\s+)?(?:do\s+it)?\s*[.?!]*\s*$/i, ""],
  [
    /\bget\s+(.{2,60}?)\s+(?:onto|on\s+to|into)\s+(?=(?:the\s+)?["“]?[\w-]+(?:\s+[\w-]+){0,4}["”]?\s+(?:e-?mails|sequence|campaign|drip|cadence)\b)/gi,
    "enroll $1 in ",
  ],
  [/\bget\s+(him|her|them)\s+in\s+as\s+(?=(?:a|an)\s+(?:contact|candidate)\b)/gi, "add $1 as "],
  // Indian business English: "kindly", "revert", "update the same", "currency wise", "who all".
  [/\b(?:and\s+)?revert(?:\s+back)?(?:\s+to\s+me)?(?=\s*[.!?]*\s*$)/gi, ""],
  [/\b(?:update|do)\s+the\s+(?:same|updation)\b(?!\s+(?:as|to|into)\b)(?:\s+in\s+(?:the|our)\s+system)?/gi, "update it"],
  [/[.,]?\s*(?:kindly\s+|please\s+)?do\s+the\s+needful\b[.!]?/gi, "."],
  [/\b(?:do|make)\s+the\s+updation\b/gi, "update it"],
  [/\bcurrency[- ]wise\b/gi, "by currency"],
  [/\bwho\s+all\b/gi, "who"],
  [/\s+(?:from|on|at)\s+((?:[\w&'’-]+\s+){0,3}?[\w&'’-]+)\s+side\b/gi, " from $1"],
  [/\b(invoice|bill)\s+nos\b\.?/gi, "$1 numbers"],
  [/(?<=\bdrafts?),\s*not\s+yet\s+(?:raised|sent|issued|shared)(?:\s+(?:out\s+)?to\s+(?:the\s+)?(?:client|customer|party)s?)?/gi, ""],
  [/\bcontact\s+persons?\b/gi, "contacts"],
  [/\b(contacts|people|persons)\s+(?:we\s+have\s+)?in\s+(?=[\w&'’-]+(?:\s+[\w&'’-]+)?\s+along\b)/gi, "$1 at "],
  [/\b(?:currently\s+)?there\s+in\s+(?=(?:the\s+)?["“]?[\w-])/gi, "in "],
  [/(?<=[?.!])\s*(?:i\s+|we\s+)?need\s+(?:the\s+|their\s+|just\s+the\s+|only\s+the\s+)?names?(?:\s+only)?\s*[.!]*\s*$/gi, ""],
  [/\bwhat\s+is\s+the\s+status\s+of\s+(.+?)['’]s\s+(?:application|candidature|candidacy|profile)\b/gi, "what stage is $1 in"],
  [/(?:(?<=[?.!])|^)\s*where\s+(?:it|he|she)\s+is\s+pending\s*[?.!]*\s*$/gi, ""],
  [/\b(?:what\s+is\s+)?the\s+total\s+(?:pending|outstanding|due)\s+amount\s+(?:from|by|with|of)\s+/gi, "how much is owed by "],
  [/\b(?:e-?)?mail\s+id\b/gi, "email"],
  [/^\s*(?:we\s+have|we've|we)\s+(?:shared|sent)\s+(?:the\s+|our\s+)?(?:proposal|quote|quotation|deck|offer)\s+(?:with|to)\s+/i, ""],
  [/\b(?:has|have)\s+made\s+(?:the|a|their|full)\s+payment\b/gi, "has paid"],
  [/\b((?:raise|create|make|prepare|generate)\s+(?:one|an?|the)\s+(?:invoice|bill))\s+on\s+/gi, "$1 for "],
  [/[.,;]?\s*\bPFA\b[^.?!]*/gi, ""],
  [
    /^\s*(?:the\s+)?(?:client|customer|they|he|she)\s+(?:has|have)\s+given\s+(?:the\s+|us\s+(?:the\s+)?)?(?:go[- ]ahead|green\s+light|nod|approval)\s*[,;.—–-]\s*/i,
    "",
  ],
  [/\bto\s+(?:the\s+)?next\s+round\b/gi, "to the next stage"],
  [/^\s*(?:the\s+)?interview\s+(?:is|was|got)\s+(?:done|over|completed|finished)\b[^,.;]*[,;.]\s*/i, ""],
  [/\b(?:a\s+)?new\s+profiles?\s+(?=for\b)/gi, "new candidate "],
  // "new candidate for X. name: Ananya Iyer, email ...": the label before a person's name.
  [/(?<=[.,;]\s*|^\s*)(?:full\s+)?name\s*[:=–-]\s*(?=\p{Lu}[\p{L}'’-]+\s+\p{Lu})/gu, ""],
  // "kindly postpone the due date of inv-22 to 2nd jan", "prepone the close date": change it.
  // (Not "postpone the due date by 2 weeks": a shift.)
  [
    /\b(?:postpone|prepone|reschedule|defer|extend)\s+(?=(?:the|its|their|his|her)\s+(?:[\w-]+\s+){0,2}date\b(?![^.;!?]*\bby\s+(?:\d+|an?|one|two|three|four|a\s+couple\s+of)\s+(?:days?|weeks?|months?)))/gi,
    "change ",
  ],
  [/\b(?:got|been|was|is|has\s+been)\s+(?:preponed|postponed|rescheduled|deferred)\s+(?=to\b)/gi, "moved "],
  [/^\s*updation\s+(?:needed|required|pending)\s*[:,-]\s*/i, ""],
  [/\b(?:please|kindly)\s+share\s+(?:the\s+)?names?\b[.!]*/gi, ""],
  [/\b(?:please|kindly|can\s+you)\s+share\s+/gi, "show "],
  [/,?\s*along\s+with\s+their\s+(?:designations?|titles?|roles?)\b/gi, ""],
  [/\bdesignations?\b/gi, "title"],
  [/\b(?:currently\s+)?running\s+in\s+(?=(?:the\s+)?["“]?[\w-]+(?:\s+[\w-]+){0,4}["”]?\s+(?:sequence|campaign|drip|cadence)\b)/gi, "enrolled in "],
  [/\b(?:what\s+is\s+)?the\s+total\s+amount\s+(?:pending|outstanding|due)\s+(?:from|by|with)\s+/gi, "how much is owed by "],
  [/^\s*by\s+when\s+(?=is|are|was|will)/i, "when "],
  [/\bwhen\s+is\s+the\s+payment\s+due\s+for\s+(.+?)\s*([?.!]|$)/gi, "when is $1 due$2"],
  [/\bpending\s+invoice/gi, "open invoice"],
  [
    /\b(has|have)\s+cleared\s+(?!(?:the|their|an?)\s+(?:[\w-]+\s+)?(?:screening|screen|interview|call|round|test|assessment|stage|check|review|panel|exam)s?\b)(?=(?:INV|inv|the|their|its|an?\s)|\S+\s+in\s+full)/g,
    "$1 paid ",
  ],
  [/[.,]?\s*(?:the\s+)?balance\s+is\s+(?:pending|due|awaited|outstanding|owed)(?:\s+(?:from|by)\s+(?:the\s+)?client(?:'s)?)?(?:\s+side)?\b/gi, ""],
  [/\s+from\s+(?:the\s+)?client(?:'s)?\s+side\b/gi, ""],
  [/\btowards\s+(?=[A-Za-z])/g, "for "],
  [/\bdue\s+date\s+(?=\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3})/gi, "due "],
  [/\bexpected\s+(?:closure|closing)(?:\s+date)?\s+/gi, "expected close date "],
  [
    /\bstop\s+(?:the\s+)?(?:follow-?up\s+|sales\s+|automated\s+)*(?:e-?mails|mails)\s+(?:to|for)\s+(\S+(?:\s+[A-Z][\w'’-]+)?)/gi,
    "take $1 out of the follow-up sequence",
  ],
  [/\s*[-–—]\s*take\s+(?:out|off)\s+(?:from|of)\s+the\s+sequence\b/gi, ""],
  [/\b(?:has|have)\s+been\s+shortlisted\b/gi, "passed screening"],
  [/\b(is|are|has\s+been|have\s+been|was|were)\s+dropped\b/gi, "$1 rejected"],
  [/,?\s*(?:did\s+not|didn't)\s+clear\s+the\s+[\w -]{2,30}?\s+round\b/gi, ""],
  [
    /,?\s*(?:and\s+)?i\s+(?:have\s+)?(?:no\s+idea|don'?t\s+know|dunno)\s+(?:where\s+to\s+(?:look|find\s+it|check)|how\s+to\s+(?:check|find\s+(?:it|that|out)|look\s+(?:it|that)\s+up))\b/gi,
    "",
  ],
  // "the bills where the customer still owes us more than 15,000": what is still due.
  [
    /\b(?:where|which|that|whose)\s+(?:the\s+)?(?:customer|client)s?\s+still\s+owes?\s+(?:us\s+)?(more|less)\s+than\s+([$€£]?\s?\d[\d,.]*\s*(?:k\b)?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?)?)/gi,
    "with $1 than $2 still due",
  ],
  [/\b(?:are\s+)?we(?:'re|\s+are)?\s+still\s+working\s+on\b/gi, "are open"],
  [
    /[?.,]?\s*not\s+the\s+ones?\s+(?:that\s+are\s+|that\s+were\s+|we(?:'ve|\s+have)\s+)?(?:already\s+)?(?:won\s+or\s+lost|lost\s+or\s+won|closed)\b[.?!]?/gi,
    "?",
  ],
  [/\b(?:automatic|automated|auto)\s+(?=["“]|(?:sales\s+)?follow-?up|e-?mails|sequence)/gi, ""],
  [
    new RegExp(
      String.raw`[.?!]\s*${ASKER}\s+(?:wants?|needs?|would\s+like|'d\s+like)\s+(?:the\s+|their\s+)?(?:invoice\s+|deal\s+|candidate\s+)?(?:names|list|numbers?|details|figures?|totals?|amounts?)\b[.!]?`,
      "g",
    ),
    "?",
  ],
  [
    /\bhow\s+much\s+(?:money\s+)?(?:in\s+total\s+)?(?:are|do)\s+(?:customers|clients)\s+(?:still\s+)?(?:sitting\s+on\s+that\s+they\s+)?owe\s+us\b/gi,
    "how much do customers owe us in total",
  ],
  [/[?.,]?\s*all\s+of\s+it,?\s+(?:late|overdue)\s+or\s+not\b[.?!]?/gi, "?"],
  [/^\s*(?:i\s+was\s+told|i\s+heard|i\s+hear|apparently)\s+(?:that\s+)?(?=the\s|[A-Z])/i, ""],
  // ""New lead follow-up" emails": the sequence of that name.
  [/(["“][^"“”]+["”])\s+(?:e-?mails|mails|drip|emailers)\b/g, "$1 sequence"],
  [
    // ("We've got a new client — Harbourside Dental ... Please raise an invoice to them": news, then the request.)
    /^\s*(?:we(?:'ve|\s+have)\s+got|we\s+have|there's|there\s+is|(?:i(?:'ve|\s+have)\s+)?got)\s+(?:a\s+|one\s+)?new\s+(candidate|contact|applicant|lead|client|customer)\b(?![\s\S]*?[.!?]\s+(?:please|pls|kindly|can\s+you|could\s+you|would\s+you)\s+(?:raise|create|add|bill|invoice|send|open|make|set\s+up|draft|issue|log)\b)/i,
    "add a new $1",
  ],
  [
    /\b(retainer|fees?|services|work|hours|subscription|licen[cs]e|support|consulting|maintenance|hosting)\s+for\s+(?:the\s+month\s+of\s+)?(January|February|March|April|May|June|July|August|September|October|November|December)\b/g,
    "$1 ($2)",
  ],
  [/^\s*(?:the\s+)?(?:client|customer)\s+(?:has\s+)?confirmed\s+(?:the\s+)?payment(?:\s+(?:yesterday|today|this\s+morning))?\s*[.,]\s*/i, ""],
  [/\b(status|stage)\s+of\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)['’]s\s+(?:application|candidacy|candidature|profile)\b/g, "$1 of $2"],
  // A support queue's words: "per the ticket", "mgmt ok'd it", "on the careers page".
  [/^\s*(?:per|as\s+per)\s+(?:the\s+)?(?:ticket|email|call|thread)\s*,?\s*/i, ""],
  [
    /[,.;]?\s*(?:mgmt|management|my\s+manager|finance|the\s+boss|my\s+lead)\s+(?:ok'?d|okayed|approved|signed\s+off\s+on|agreed\s+to)\s+(?:it|this|that)\b/gi,
    "",
  ],
  [/\s+on\s+the\s+(?:careers?|jobs?)\s+(?:page|site|board)\b/gi, ""],
  // (Not when the lead-in names someone: "I need to send an intro to Leo Andersen — could you look up ...".)
  [
    /^(?![^—–?]*\s[A-Z][a-z])\s*(?:[Ii]\s+)?(?:[Ww]ant|[Nn]eed|[Ww]anted|[Tt]rying|[Hh]oping)\s+to\s+[^—–?]{3,80}?\s[—–]\s+(?=(?:[Ww]hich|[Ww]hat|[Hh]ow|[Ww]ho|[Ww]hen|[Ww]here|[Cc]an|[Cc]ould|[Ii]s|[Aa]re|[Dd]o|[Dd]oes|[Aa]ny)\b)/,
    "",
  ],
  [
    /^\s*fyi\s+(?:finance|the\s+cfo|my\s+manager|the\s+boss|leadership|management)\s+wants?\s+(?:our|the)\s+([^,.?!]+?)(?:\s+for\s+the\s+[\w/ -]{2,40}?\s+(?:review|meeting|report|deck))?(?=[,.?!]|$)/i,
    "what's our $1",
  ],
  [/\bthe\s+duplicate(?:\s+one)?\b(?!\s+(?:invoice|bill|contact|account|deal))/gi, "the invoice"],
];

/**
 * Words other trades use for the same records: a caterer's "tabs" and "bookings", a fundraiser's "pledges",
 * "grants" and "funders", a kitchen's "86 it" and "comp it".
 */
const TRADE_REWRITES: Rewrite[] = [
  // An office in the field, plain-spoken ("gotta get a bill out to Tyrell for the pump job the boys did out past Odessa
  // last week. call it 7 grand, net 30 like always", "scratch em", "based outta Midland", "put it under field ops").
  [/\b(?:get|send|put|shoot)\s+(?:a|an|the)\s+(?:bill|invoice)\s+out\s+to\b/gi, "create an invoice for"],
  [/\bcall\s+it\s+(?=(?:about\s+|around\s+|roughly\s+)?[$€£]?\d)/gi, "for "],
  [/\b(?:figure|ballpark|say)\s+(?=(?:about|around|roughly|~)\s*[$€£]?\d)/gi, ""],
  [/[,;]?\s*\b(?:like|same\s+as|as)\s+(?:always|usual|normal)\b/gi, ""],
  [/\s*\bfor\s+once\b/gi, ""],
  [/\bbased\s+out\s+of\b/gi, "based in"],
  [/^\s*gotta\s+/i, "need to "],
  [/\bwho\s+all\b|\bwhat\s+all\s+(?=(?:invoices|bills|deals|jobs|candidates|contacts|accounts|folks|people)\b)/gi, (m: string) => m.replace(/\s+all\b/i, "")],
  // "down for a screenin call at 9 this mornin": when the call was, no amount.
  [/\b(call|interview|meeting|screen(?:ing)?|chat)\s+at\s+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)?(?=[\s,.;!?]|$)/gi, "$1"],
  // "sat there twenty minutes, called twice, nothin": how long one waited and how often one rang, told; no request.
  [
    /[,;]\s*(?:we\s+|i\s+)?(?:sat|waited|sitting|waiting|hung\s+on)\s+(?:there\s+|around\s+)?(?:for\s+)?(?:\d+|an?|half\s+an)\s+(?:minutes?|mins?|hours?|hrs?)\b/gi,
    "",
  ],
  [
    /[,;]\s*(?:we\s+|i\s+)?(?:called|rang|phoned|texted|emailed|tried)\s+(?:him|her|them\s+)?(?:twice|once|again|\d+\s+times|three\s+times|a\s+couple\s+(?:of\s+)?times)\b/gi,
    "",
  ],
  [/\b(?:put|puts|putting)\s+in\s+(?:an?\s+application\s+)?for\b/gi, "applied for"],
  [/[.,;]\s*(?:it|that|this)\s+(?:ain'?t|isn'?t|is\s+not|'?s\s+not)\s+(?:the\s+)?(?:whole|full|entire)\s+(?:thing|amount|balance|bill|invoice)\b[^.!?]*/gi, ""],
  [/[.,;]?\s*(?:just\s+)?(?:put|apply)\s+it\s+(?:toward|towards|against)\s+(?:what\s+they\s+owe\s+on\s+)?(?:that|this)\s+one\b/gi, ""],
  [
    /[,;.]\s*(?:we|i)\s+(?:ain'?t|aren'?t|are\s+not|won'?t|'re\s+not|am\s+not)\s+(?:chasing|waiting\s+on|calling|running\s+after)\s+(?:nobody|anybody|anyone|no\s*one|them|him|her)\b/gi,
    "",
  ],
  [
    /\b(for|on)\s+(?:that|the|this)\s+([\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:job|work|gig|project)\s+(?:we|they|the\s+\w+|our\s+\w+)\s+(?:did|done|finished|completed|ran)\b[^,.;!?]*/gi,
    "$1 the $2",
  ],
  [/\bscratch\s+(?=(?:that\s+|the\s+|this\s+)?(?:candidate|applicant|guy|gal|fella|him|her|them)\b|\p{Lu})/gu, "reject "],
  [
    /,?\s*\b(?:put|file|list)\s+(?:it|this|that|them)\s+under\s+(?:the\s+)?([a-z&]+(?:\s+[a-z&]+)?)\s*(?=[,.;!?]|$)(?=[\s\S]*\b(?:job|posting|position|role|opening|req)\b|(?<=\b(?:job|posting|position|role|opening|req)\b[\s\S]*))/gi,
    ", $1 department",
  ],
  // "of the invoices I've already sent out": the ones sent.
  [/\b(invoices|bills)\s+(?:that\s+|which\s+)?(?:I|we)(?:['’]ve|\s+have)\s+(?:already\s+|actually\s+)?sent(?:\s+out)?\b/gi, "$1 we have sent out"],
  // "the invoice of Initech, the INV-12, is it paid already?": the record is the one numbered.
  [
    /^\s*(?:regarding\s+|about\s+|re:?\s+)?(?:the\s+)?(?:invoice|bill)\s+(?:of|for|from|to)\s+[^,?]{2,40},\s*(?:the\s+|i\.?e\.?\s+|aka\s+)?([A-Za-z]{2,5}-\d{1,9})\s*,\s*/i,
    "$1: ",
  ],
  // "the client asked for more time: ...": why a due date moves, said before the request.
  [/^[^:.!?]{3,60}?\b(?:asked|asks|wants|needs|requested)\s+(?:for\s+)?(?:more\s+time|an\s+extension)\s*[:;–—-]\s*/i, ""],
  [
    /^\s*for\s+([A-Za-z]{2,5}-\d{1,9})(?:\s+(?:of|from|for)\s+\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*)*)?\s+(change|update|set|move|push)\s+the\s+(due\s+date|amount|description)\b/iu,
    "$2 the $3 of $1",
  ],
  // "please be advised that", "per our engagement letter with X,", "For the aged receivables report,": a formal letter's
  // furniture around the request.
  [/\b(?:please\s+be\s+advised|be\s+advised|kindly\s+note|please\s+note)\s+(?:that\s+)?/gi, ""],
  [/^\s*(?:per|as\s+per)\s+our\s+engagement\s+letter(?:\s+with\s+[^,]+)?,\s*/i, ""],
  [
    /^\s*(?:good\s+(?:morning|afternoon|evening)[.!,]\s*)?for\s+the\s+(?:aged\s+receivables|board|month-end|quarterly|weekly|monthly)\s+(?:report|pack|review|meeting)\s*,\s*/i,
    "",
  ],
  [/^\s*(?:client\s+intake|intake)\s*:\s*/i, ""],
  // "For the quarterly landlord report I need our total arrears": the occasion before the request.
  [
    /^\s*for\s+(?:the|our|my|this\s+(?:week|month|quarter)['’]s)\s+(?:[\w-]+\s+){0,3}?(?:report|pack|review|meeting|update|forecast|deck|audit)\s*(?:,\s*|\s+(?=(?:i|we)\s+(?:need|want|'d\s+like|would\s+like)\b|(?:can|could)\s+you\b|please\b))(?:(?:i|we)\s+(?:need|want|'d\s+like|would\s+like)(?:\s+to\s+(?:know|see))?\s+)?/i,
    "",
  ],
  // "Please put the payment against it", "apply that money to INV-11": record it on the invoice.
  [
    /\b(?:put|post|apply|allocate|match|stick)\s+(?:the|that|this|their|his|her)\s+(?:payment|money|cash|receipt|remittance)\s+(?:against|to|on|onto)\s+/gi,
    "record the payment on ",
  ],
  // "for the screening day our physios ran there", "for the workshop we ran last week": who did the work, not whom it bills.
  [
    /(?<=\b(?:day|days|workshop|session|sessions|training|course|event|job|work|visit|audit|clinic|assessment|screening|install|installation|service|call-?out|project|shoot|gig)\b)\s+(?:that\s+)?(?:we|i|our\s+[\w-]+)\s+(?:ran|did|delivered|held|hosted|gave|put\s+on|carried\s+out|finished|completed)\b(?:\s+(?:there|for\s+them|last\s+week|last\s+month|yesterday|on\s+site|onsite|in\s+\w+))*(?=\s*[?.!,;]|\s+(?:due|by|for|at)\b|$)/gi,
    "",
  ],
  // "tyrell wired the rest on inv-37. close it out": a paid invoice closed is marked paid.
  [
    /(\b(?:wired|paid|sent|transferred|settled|cleared|remitted)\b[^?]*?\b(?:[a-z]{2,5}-\d+|invoice|bill)\b[^?]*?)\bclose\s+(it|that|this(?:\s+one)?|them)\s+out\b/gi,
    "$1mark $2 as paid",
  ],
  // "tyrell platform rollout is dead, no budget til 2028. lost": a one-word verdict after the news that says it already.
  [
    /[.!?]\s*(?:mark(?:ed)?\s+(?:as\s+)?)?(?:closed[-\s])?(?:lost|won|dead|paid|hired|rejected)\s*[.!]*\s*$/i,
    (said: string, ...rest: unknown[]) =>
      /\b(?:is|are|was|were|has\s+been|['’]s)\s+(?:now\s+)?(?:officially\s+)?(?:dead|lost|won|paid|signed|gone|off|dropped|over|hired|rejected)\b/i.test(
        String(rest.at(-1)),
      )
        ? "."
        : said,
  ],
  // "... full time. budget approved", "headcount's signed off": why the job may be opened, no value of it.
  [/[.,;]?\s*\b(?:budget|headcount|req|role|hire)(?:['’]s|\s+is|\s+has\s+been|\s+got)?\s+(?:approved|signed\s+off|greenlit|green-lit|confirmed)\b[.!]?/gi, ""],
  // "based at our Riverside clinic", "at our Chicago office": where, by the site's name.
  [
    /\b(?:based\s+)?(?:at|in|from|out\s+of)\s+(?:our|the)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)\s+(?:office|site|clinic|branch|location|store|depot|warehouse|studio|practice|hub|campus)\b/g,
    "in $1",
  ],
  // "$42,000 a year", "£2k per month": the amount's rate, not a date.
  [/((?:[$€£]\s?\d[\d,.]*\s?k?|\b\d[\d,.]*\s?k?\s*(?:usd|eur|gbp|dollars|euros|pounds|bucks|quid)\b))\s*(?:a|per|\/)\s*(?:year|yr|annum|month|mo)\b/gi, "$1"],
  // "prepare a retainer bill for Wayne: ..., described as "Retainer"": what it is for, said again as its description.
  [/\b(an?)\s+(?!new\b|draft\b|open\b|final\b)[a-z]+\s+(invoice|bill)\b(?=[\s\S]*\b(?:described\s+as|description)\b)/gi, "$1 $2"],
  // "just had the loveliest intro call with someone at Aperture Labs — Priya Raman, ...": the person met, and where.
  [
    /^\s*(?:i\s+)?(?:just\s+)?(?:had|did|finished)\s+(?:a|an|the|my)\s+(?:[\w-]+\s+){0,3}?(?:call|meeting|chat|coffee|lunch|demo|intro)\s+with\s+(?:someone|somebody|a\s+(?:[\w-]+\s+)?(?:person|woman|man|guy|lady))\s+(?:at|from)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*(?:[—–-]|:|,)\s*([A-Z][a-z'’-]+\s+[A-Z][a-z'’-]+)/,
    "$2 at $1",
  ],
  // "need a posting up asap", "gotta get a req out": a job to post.
  [
    /\b(?:i\s+|we\s+)?(?:need|want|gotta|have\s+to)\s+(?:to\s+)?(?:get\s+|put\s+)?(?:a|an|another|one)\s+(?:new\s+)?(?:posting|job\s+ad|job|role|req|opening|vacancy|ad)\s+(?:up|out|live|posted|open)\b/gi,
    "post a job",
  ],
  // "..., we're short on bodies": why, no value.
  [/[,;]?\s*\bwe(?:['’]re|\s+are)\s+(?:really\s+|so\s+|very\s+)?(?:short|thin)\s+(?:on|of)\s+[\w\s-]{1,20}[.!]?\s*$/i, ""],
  // "add that designer I met at the meetup last night as a candidate": someone described, not named.
  [
    /\b(?:that|this|the)\s+(?:[\w-]+\s+){0,2}?(?:i|we)\s+(?:met|spoke\s+(?:to|with)|talked\s+(?:to|with)|saw|chatted\s+(?:to|with))\b[^,.;!?]*?(?=\s+as\s+an?\s+(?:new\s+)?(?:candidate|applicant|contact|lead)\b)/gi,
    "someone",
  ],
  // "..., she was so good", "he's really sharp!": praise, no value.
  [
    /[,;.!]?\s*\b(?:he|she|they)(?:['’]s|\s+is|\s+was|\s+were|\s+are|['’]re)\s+(?:so\s+|really\s+|very\s+|super\s+|incredibly\s+|seriously\s+|just\s+)?(?:good|great|impressive|amazing|lovely|brilliant|sharp|strong|nice|awesome|fantastic|talented|smart)\b[!.]*/gi,
    "",
  ],
  // "the candidate we made an offer to": whoever is at the offer stage.
  [
    /\b(?:the|our|that)\s+(?:candidate|applicant|person|one|guy|woman|man)\s+(?:(?:who|that)\s+)?(?:we|i)\s+(?:made|gave|extended|sent|put)\s+(?:an?\s+|the\s+)?offer\s+(?:to|out\s+to)?\b/gi,
    "the candidate in offer",
  ],
  // ":(", ":-)", ";)": a face ends what was said, as a full stop would.
  [/\s*(?::-?[()DPp/]|;-?\)|<3)(?=\s|$)/g, "."],
  // "the stark support upgrade job", "the hooli migration job": a piece of work sold, a deal (a role is no upgrade).
  [/\b(upgrade|rollout|roll-out|migration|renewal|expansion|pilot|install(?:ation)?|retrofit|refit)\s+job(s?)\b/gi, "$1 deal$2"],
  // "how many ppl we get on the posting? total, rejects too": every one, the rejected counted with the rest.
  [
    /[?,;]?\s*(?:(?:in\s+)?total\s*[,;]?\s*)?(?:incl(?:uding|\.)?\s+)?(?:the\s+)?(?:rejects|rejected(?:\s+ones)?|rejections|declines)\s+(?:too|included|as\s+well|also|incl(?:uded)?)\b[.!]*/gi,
    "?",
  ],
  // "..., and tag as champion", "and add the tag champion": the same record tagged too.
  [/\b((?:and|then)\s+(?:also\s+)?(?:tag|label|flag))\s+as\s+/gi, "$1 them as "],
  [/\b(?:and|then)\s+(?:also\s+)?(?:add|apply|put\s+on)\s+(?:the\s+|a\s+)?tag\s+(?!to\b)/gi, "and tag them as "],
  // "can you add her to my contacts?", "put him in our contacts list": a new contact.
  [/\b(add|put|save|stick)\s+(her|him|them)\s+(?:to|in|into)\s+(?:my|our|the)\s+(?:contacts?|address\s+book|crm)(?:\s+list)?\b/gi, "$1 $2 as a contact"],
  // "It needs voiding, please", "INV-9 wants writing off": the change, said of the record.
  [
    /\b(it|this(?:\s+one)?|that(?:\s+one)?|they|these|those|[a-z]{2,5}-\d{1,9})\s+(?:needs?|wants?|requires?)\s+(voiding|cancell?ing|closing|finali[sz]ing|deleting|rejecting|archiving|pausing|resuming|writing\s+off)\b/gi,
    (_: string, what: string, doing: string) => {
      const verb = doing.toLowerCase().replace(/\s+/g, " ");
      const base =
        verb === "writing off"
          ? "write off"
          : verb
              .replace(/ll?ing$/, "l")
              .replace(/(?<=[sz]|ch|lud|dat|chiv|aus|sum|let|los)ing$/, "e")
              .replace(/ing$/, "");
      return `${base} ${/^(?:they|these|those)$/i.test(what) ? "them" : what}`;
    },
  ],
  // "our total arrears", "tenants in arrears", "the lets in Negotiation", "which tenants owe rent": a property
  // manager's overdue invoices, deals and clients.
  [/(?<!\bin\s)\barrears\b/gi, "overdue invoices"],
  // "the first quarter's rent", "this month's fees": what the invoice is for, not whose.
  // (Read as a span, "the first quarter" would be a date.)
  [/\b(?:the\s+)?(?:first|second|third|fourth|final|next|last|this|current)\s+(quarter|month|year|week)['’]s\s+(?=[a-z])/gi, "$1ly "],
  [/\b(?:prospective\s+)?tenant(s?)\b/gi, "client$1"],
  [/\b(?:the|our|my|open|new|any|all|those|these)\s+(?:new\s+)?lets\b(?!\s+(?:me|us|you|him|her|them)\b)/gi, (m: string) => m.replace(/lets$/i, "deals")],
  [/\bhaggling\s+(?:over|about)\s+(?:the\s+)?(?:terms|price|rent)\s+with\b/gi, "negotiating with"],
  [/,?\s*\b(?:in\s+)?(?:each|every|all\s+the|whichever)\s+currenc(?:y|ies)\s+(?:we|i)\s+(?:bill|invoice|charge|trade|work)\s+in\b/gi, " per currency"],
  [/\bnew\s+intake\s+(contact|client|account)\b/gi, "new $1"],
  // "aged receivables", "statements more than sixty days past due": the unpaid invoices, by a law office's words.
  [/\baged\s+receivables\b/gi, "unpaid invoices"],
  [/(?<!\bbank\s)\bstatement(s?)\b(?!\s+of\s+(?:work|account))/gi, "invoice$1"],
  // "our engagements", "the Hooli Cloud matter", "service agreements", "the hooli quote", "my projects": deals.
  [/\bengagement(s?)\b(?!\s+letters?)/gi, "deal$1"],
  [
    /(?<=\b(?:the|our|my|their|this|that|[A-Z][\w&'’-]*)\s+(?:[\w&'’-]+\s+){0,3}?)matter(s?)\b(?=\s*(?:[?.!,;]|$|\s+(?:stand|is|are|as|in|at|to|has|have|we|that)\b))/g,
    "deal$1",
  ],
  [/\bservice\s+agreements?\b/gi, (w: string) => (/s$/i.test(w) ? "deals" : "deal")],
  // ("want a quote for a website redesign", "a quote on a lab fit-out": the work quoted, read as a new deal elsewhere.)
  [
    /(?<=\b(?:the|a|my|our|their|new|[a-z][\w&'’-]*)\s)quote(s?)\b(?=\s*(?:[?.!,;]|$|\s+(?:-|–|—|is|are|in|at|we|that|sitting|worth)\b|\s+on\s+the\s+books\b))/gi,
    "deal$1",
  ],
  // "hooli quote - what's it worth": a deal set apart as the topic before its question.
  [/^(\s*[\w&'’-]+(?:\s+[\w&'’-]+){0,3})\s+quote(s?)(?=\s+[-–—:])/i, "$1 deal$2"],
  [/\b(?:my|our|the|their|open|biggest|largest)\s+projects\b/gi, (w: string) => w.replace(/projects$/i, "deals")],
  [/\b(the\s+[\w&'’ -]+?)\s+project\s+as\s+(won|lost)\b/gi, "$1 deal as $2"],
  // "the backend engineer spot", "our open searches": roles.
  [/(?<=\b(?:the|a|an|this|that|[a-z]+)\s+)spot(s?)\b(?=\s*(?:[?.!,;]|$|\s+[-–—]|\s+(?:is|are|for|at)\b))/gi, "role$1"],
  [/\b(?:open\s+)?searches\b/gi, "open roles"],
  [/\bthe\s+([A-Z][\w ]+?)\s+search\b/g, "the $1 role"],
  // "my nurture emails", "the reminder emails", "the stewardship cadence": the sequence that sends them.
  [
    /\b(?:my|our|the)\s+(?:nurture|reminder|stewardship|marketing|welcome|onboarding|outreach|automated|auto)\s+(?:emails|e-?mails|mails|emailers|sequence|cadence)\b/gi,
    "the sequence",
  ],
  // "where does Tim stand in our hiring process": the stage he is in.
  [/\bwhere\s+(?:does|do)\s+(.+?)\s+stand\b(?:\s+in\s+(?:our|the)\s+(?:hiring\s+)?(?:process|pipeline))?/gi, "what stage is $1 in"],
  // "get an invoice on the books for X", "get a quote on the books": create it.
  [/\bget\s+(an?\s+)(.+?)\s+on\s+the\s+books\b/gi, "create $1$2"],
  [/\bget\s+(?:him|her|them|it|this|that)\s+on\s+the\s+books\b/gi, "add them"],
  [/\b(?:get|put)\s+a\s+(?:job\s+)?posting\s+up\s+for\s+(?:an?\s+)?/gi, "open a job called "],
  // "mailed a check, $1,500 toward their overdue bill": paid.
  [/\b(?:mailed|sent|dropped\s+off|posted)\s+(?:us\s+)?(?:a\s+)?(?:check|cheque)(?:\s+for)?\s*,?\s*/gi, "paid "],
  // "bump INV-22 out 2 wks past the due date it's got now": its due date pushed by that.
  [
    /\b(?:bump|push|move)\s+([a-z]{2,5}-?\d+)\s+out\s+(\d+\s*(?:days?|wks?|weeks?))\s+past\s+(?:the|its)\s+(?:current\s+)?due\s+date(?:\s+it'?s\s+got\s+now)?/gi,
    "push the due date of $1 by $2",
  ],
  // "described as "Retainer"": its description.
  [/\bdescribed\s+as\s+(?=["“'])/gi, "description "],
  // "currency by currency", "each currency separately": by currency, which the sums are.
  [/,?\s*(?:currency\s+by\s+currency|each\s+currency\s+separately)\b/gi, ""],
  // "prepare a retainer bill": make one; "The partner has approved the draft. It may go out now; please issue it": finalize it.
  [/\bprepare\s+(?=(?:an?|the)\s+)/gi, "create "],
  [/[.;,]?\s*\b(?:it|they)\s+(?:may|can|should)\s+go\s+out\s+(?:now|today)?\s*[.;,]?/gi, "."],
  [/\b(?:please\s+)?(?:issue|send\s+out|release)\s+(?=(?:it|them|the\s+draft)\b)/gi, "finalize "],
  // "at our Chicago office": where the role is based.
  [/\bat\s+(?:our|the)\s+([A-Z][\w]*(?:\s+[A-Z][\w]*)?)\s+office\b/g, "based in $1"],
  // "She was referred to us by one of the partners": a referral.
  [/\b(?:she|he|they)\s+(?:was|were|got)\s+referred\s+(?:to\s+us\s+)?by\s+[^.?!,;]*/gi, "source is referral"],
  // "across our open searches", "across all open postings": no job in particular.
  [/,?\s*\bacross\s+(?:all\s+)?(?:of\s+)?(?:our|my|the)?\s*(?:open\s+)?(?:roles|jobs|postings|searches|positions|openings|reqs)\b,?/gi, " "],
  // "mark that job won": a job is not won; the deal is.
  [/\b(that|the|this)\s+job\s+(?=(?:as\s+)?(?:won|lost)\b)/gi, "$1 deal "],
  // "est 42k": an estimate, which is the amount.
  [/\best\.?\s+(?=[$€£]?\d)/gi, ""],
  // "honestly I've lost track with Wayne Enterprises. how much ...": the one asked about, then the question.
  [/^\s*(?:honestly\s+|ok\s+so\s+|so\s+)?(?:i've|i\s+have)\s+(?:totally\s+)?lost\s+track\s+(?:with|of)\s+([^.?!]+)[.?!]\s*/i, "$1: "],
  [/^\s*(?:i\s+always\s+forget\s+(?:this|these|the)\s+(?:stuff|things|one)|remind\s+me)\s*[-–—,.:]\s*/i, ""],
  // "..., I want to eyeball it before it goes out": why, not what.
  [
    /,?\s*\b(?:i\s+want|i'd\s+like|i\s+need)\s+to\s+(?:eyeball|check|review|look\s+over|go\s+over|read)\s+(?:it|them)(?:\s+over)?\s+(?:before|first)\b[^.?!]*/gi,
    "",
  ],
  // "two weeks-ish": about that long.
  [/\b(days?|weeks?|months?)-?ish\b/gi, "$1"],
  // "my biggest open project in dollar terms": deal, by amount.
  [/\b(biggest|largest|open|active)\s+project\b/gi, "$1 deal"],
  [/\s+in\s+(?:dollar|money|revenue|value)\s+terms\b/gi, ""],
  // "how many tabs are past due", "stark paid their tab": invoices, by a bar's word for them.
  [/\b(?:bar\s+)?tab(s?)\b(?!-)/gi, "invoice$1"],
  // "which clients have bookings in negotiation", "the Initech booking" (and its typo): deals.
  // ("She's the one booking their staff in": a verb, no deal.)
  [
    /(?<!(?:\bone|\bwho|\bis|\bare|\bwas|\bwere|\bbeen|\bbe|\bam|['’]s|['’]re|['’]m)\s)\bbooki[nm]g(s?)\b(?!\s+(?:them|him|her|us|their|our|my|people|staff)\b)/gi,
    "deal$1",
  ],
  // "the Northwind pledge", "the Platform rollout grant", "major gifts in the pipeline": deals, by a fundraiser's words.
  // (A grant capitalized is a name's: "Grants Officer".)
  [/\b[Pp]ledge(s?)\b(?!\s+(?:to\s+(?:give|donate|pay|fund|support)|that)\b)/g, "deal$1"],
  [/(?<=\b[a-z][\w'’-]*\s)grant(s?)\b(?!\s+(?:access|permission|officer|manager|writer|application)s?\b)/g, "deal$1"],
  [/\b(?:major\s+)?gifts\s+(?=in\s+(?:the\s+)?pipeline\b)/gi, "deals "],
  // "which funders are we at negotiation with", "our sponsor invoices": the clients.
  [/\b(?:funders|sponsors|donors|supporters|patrons|benefactors)\b/gi, "clients"],
  [/\b(?:funder|sponsor|donor|patron|benefactor)\s+(?=(?:invoices?|bills?|deals?|contacts?)\b)/gi, ""],
  [/\b(?:funder|sponsor|donor|patron|benefactor)\b(?!\s+(?:invoice|bill|deal|contact))/gi, "client"],
  // "comp INV-19", "comp their tab": void it, on the house.
  [/\bcomp\s+(?=(?:it|that|this|the\s+(?:invoice|bill)|their\s+(?:invoice|bill)|[a-z]{2,5}-?\d))/gi, "void "],
  // "86 Emma from the follow-up emails": taken off; "86 whoever's still in the pile": rejected; "86 the booking": cancelled.
  [
    /(?<=^|[,.;!?]\s+|\band\s)86\s+(?=[^,.;!?]*\b(?:from|off|out\s+of)\s+(?:the\s+|our\s+)?[^,.;!?]*\b(?:emails?|sequences?|drips?|follow[-\s]?ups?|cadences?)\b)/gi,
    "remove ",
  ],
  [
    /(?<=^|[,.;!?]\s+|\band\s)86\s+(?:whoever(?:'s|\s+is)|everyone|everybody|anyone|all\s+the\s+others|the\s+rest)\s+(?:still\s+|else\s+)?(?:in|on|left\s+in)\s+the\s+(?:pile|pipeline|running|mix)\b/gi,
    "reject the remaining candidates",
  ],
  [/(?<=^|[,.;!?]\s+|\band\s)86\s+(?=[^,.;!?]*\bdrafts?\b)/gi, "delete "],
  [/(?<=^|[,.;!?]\s+|\band\s)86\s+(?=(?:it|that|this|them|the|their|our|[A-Z]))/gi, "cancel "],
  // "reject the remaining candidates for it", "the rest of the applicants": every one still in play.
  [/\b(?:the\s+)?(?:remaining|rest\s+of\s+the|other)\s+(candidates|applicants)\b/gi, "all the $1"],
  // "..., any role", "across all jobs": no job in particular.
  [/[,;–—-]?\s*\b(?:any|all|every|across\s+(?:all|every))\s+(?:roles?|jobs?|positions?|openings?|reqs?)\s*([?.!]*)\s*$/gi, "$1"],
  // "hired this past year", "the past month": the last twelve months, the last month.
  [/\b(?:this|the)\s+past\s+(year|month|week|quarter)\b/gi, "in the last $1"],
  // "open a new front of house role: Events Coordinator": the team it is in, then its title.
  [
    /\b(open|create|add|post|set\s+up)\s+(?:a\s+|an\s+)?(?:new\s+)?((?!(?:a|an|new|part|full|time|remote|contract|temporary|temp|permanent|senior|junior|the|candidate|applicant|contact|person)\b)[a-z]+(?:\s+(?!(?:role|job|position|for|to|the|at|in)\b)[a-z]+){0,3}?)\s+(?:role|job|position|opening|vacancy)\s*:\s*(?=[A-Z])/g,
    (_: string, verb: string, team: string) => `${verb} a job, department: ${team.replace(/\b(?!(?:of|and|the)\b)\w/g, (c) => c.toUpperCase())}, called `,
  ],
  // "120 covers", "for 80 guests": the size of an event, which no field holds.
  [/,?\s*\b(?:for\s+)?\d+\s+(?:covers|guests|pax|heads|people\s+attending)\b/gi, ""],
  // "yes chef", "cheers chef": a kitchen's sign-off.
  [/[,.!\s]*\b(?:yes|cheers|thanks|ta)\s+chef\b[.!]*/gi, ""],
  // "an offer on the table": a candidate at the offer stage.
  [/\b(?:have|has|with|got)\s+an?\s+offer\s+(?:on\s+the\s+table|out|pending|extended)(?:\s+with\s+us)?\b/gi, "are in offer"],
  // "have reached the interview or offer stage", "made it to interview": in that stage (or a later one named).
  [
    /\b(?:have|has)\s+(?:reached|got\s+to|made\s+it\s+to|progressed\s+to)\s+(?:the\s+)?(?!(?:the|a|an|stage|point|step|phase)\b)([a-z]+(?:\s+or\s+[a-z]+)?)(?:\s+stages?)?\b/gi,
    "are in $1",
  ],
  // "where are we with Radia Perlman for the design job?", "where are things on the Acme renewal": its stage.
  [
    /^\s*where\s+(?:are|r)\s+(?:we|things|you)\s+(?:at\s+)?(?:with|on)\s+(?!(?:the\s+)?(?:invoices|bills|deals|candidates|applicants|hiring|recruiting|cash|collections|pipeline|numbers|month|quarter|year)\b)(.+?)(?:\s+for\s+(?:the\s+|our\s+)?[^?.!,]+?\s+(?:role|job|position|post|opening|vacancy|req))?\s*([?.!]|$)/gi,
    "what stage is $1 in$2",
  ],
  // "where has Tim got to in our hiring process", "how far along is Ken": the stage they are in.
  [
    /\bwhere\s+(?:has|have|is|are)\s+(.+?)\s+(?:got|gotten|got\s+up)\s+to\b(?:\s+in\s+(?:our|the)\s+(?:hiring\s+)?(?:process|pipeline))?/gi,
    "what stage is $1 in",
  ],
  // "what stage is Tim in for the Product Designer role": the role says which of his applications; the question is his stage.
  [/(\bwhat\s+stage\s+is\s+.+?\s+in)\s+for\s+(?:the\s+|our\s+)?[^?.!,]+?\s+(?:role|job|position|post|opening|vacancy|req)\b/gi, "$1"],
  // "need Olivia's email - Olivia Tanaka at aperture, not the other one": the field of the one said in full after.
  [
    /^\s*(?:(?:i\s+)?need|want|get\s+me|what(?:'s|s|\s+is))\s+(?:the\s+)?([A-Z][\w'’-]+)['’]s\s+(e-?mail|phone(?:\s+number)?|number|title)\s*[-–—:,]\s*((?:[A-Z][\w'’-]+|[a-z][\w'’-]+)\s+[\w'’-]+(?:\s+(?:at|from)\s+[\w&'’-]+(?:\s+[\w&'’-]+)?)?)\s*(?:,?\s*not\s+the\s+other\s+(?:one|\w+))?\s*[.?!]*\s*$/,
    (said: string, first: string, field: string, who: string) =>
      who.toLowerCase().startsWith(first.toLowerCase()) ? `what is the ${field.replace(/^number$/i, "phone")} of ${who}?` : said,
  ],
  // "paid a deposit but still has a balance owing": part-paid invoices.
  [
    /\b(?:who(?:'s|\s+has)|which\s+clients\s+have)\s+paid\s+a\s+deposit\s+but\s+still\s+(?:has|have|owe)\s+(?:a\s+)?(?:balance|something|money)(?:\s+owing)?(?:\s+on\s+the\s+same\s+(?:invoice|bill))?/gi,
    "which invoices are part-paid",
  ],
  // "their holiday party", "the fun run": what a new record is for, told as its purpose.
  // "for their sponsorship of the spring fun run", "for sponsoring the gala": what the invoice is for, not whom.
  [
    /\bfor\s+(?:(?:(?:their|his|her|our|the)\s+)?(sponsorship|support|attendance|participation)\s+(?:of|at|for)|(sponsoring|supporting|attending|catering))\s+(?:the\s+|our\s+)?([^,.;!?]+)/gi,
    (_: string, noun: string | undefined, verb: string | undefined, event: string) =>
      `for the ${event.trim()} ${noun?.toLowerCase() ?? ({ sponsoring: "sponsorship", supporting: "support", attending: "attendance" } as Record<string, string>)[verb!.toLowerCase()] ?? verb!.toLowerCase()}`,
  ],
  // "record it and tell me what's left owing on it": the payment's answer says what is still due.
  [
    /(\b(?:record|log|enter|apply|book|mark)\s+(?:it|that|this|the\s+payment)(?:\s+(?:as\s+)?paid)?)\s+(?:and|&|then)\s+(?:tell|show|let)\s+me\s+(?:know\s+)?(?:what's|whats|what\s+is|how\s+much\s+is|how\s+much)\s+(?:left|still|remaining|outstanding)(?:\s+(?:owing|owed|due|to\s+pay|outstanding))?(?:\s+on\s+(?:it|the\s+invoice|the\s+bill))?/gi,
    "$1",
  ],
  // "the Product Designer post", "a new post": a role, by the British word (not "post the job", nor a blog post).
  [
    /(?<=\b(?:the|a|an|this|that|our|new|their)\s+(?:(?!(?:blog|linkedin|social|facebook|twitter|instagram|job)\b)[\w&-]+\s+){0,4}?)post(s?)\b(?!\s+(?:a|an|the|it|them|this|that|to|on|for|about)\b)/gi,
    "role$1",
  ],
  // "umbrella dropped a 2k deposit on INV-22", "they put down a deposit": paid.
  [
    /\b(?:dropped(?:\s+off)?|put\s+down|left|paid\s+in|sent\s+(?:over|through|in))\s+(?:an?\s+)?((?:[$€£]\s?)?\d[\d,.]*\s?k?\s+(?:(?:usd|eur|gbp|aud)\s+)?)?(?:deposit|down\s*payment)\b/gi,
    "paid $1",
  ],
  // "raise an invoice to Hooli Cloud": the client billed.
  [/\b((?:raise|send|issue|create|make|draft)\s+(?:an?\s+)?(?:invoice|bill))\s+to\s+(?=[A-Z])/g, "$1 for "],
  // A word of another language glossed in brackets ("still in Entwurf (draft)", "which Bewerber (candidates)"): the
  // gloss. (After an article or a preposition only: "Tim (designer candidate)" is a name with a note.)
  [/(?<=\b(?:in|the|all|our|an?|new|of|which|any|some|from|for|as)\s)\p{Lu}[\p{L}]*\s*\((?:so\s+|i\.?e\.?\s+|=\s*)?([a-z][a-z\s-]{1,30}?)\)/gu, "$1"],
  // German words in an English request: drafts, contact persons, decision makers, applicants, interviews, open items,
  // part payments, a refusal, an order won, the sales team, a referral.
  [/\bEntw(?:urf|ürfe)\b/gi, "draft"],
  [/\bAnsprechpartner(?:in|innen)?\b/gi, "contact"],
  [/\bEntscheider(?:in|innen)?\b/gi, "decision-makers"],
  [/\bBewerber(?:in|innen)?\b/gi, "candidate"],
  [/\bVorstellungsgespr(?:ä|ae)ch(?:e|en)?\b/gi, "interview"],
  [/\boffenen?\s+Posten\b/gi, "unpaid invoices"],
  [/\bTeilzahlung\b/gi, "part payment"],
  [/\bEmpfehlung\b/gi, "referral"],
  [/\bVertrieb\b/gi, "sales team"],
  [/\bRechnung(?:en)?\b/gi, "invoice"],
  [/\bLeiter(?:in)?\s+Einkauf\b/gi, "Head of Purchasing"],
  [/\bGesch(?:ä|ae)ftsf(?:ü|ue)hrer(?:in)?\b/gi, "managing director"],
  [/\b(?:give|send)\s+(.+?)\s+an?\s+Absage\b/gi, "reject $1"],
  [/\b(?:we\s+)?(?:have\s+)?(?:become|got|received|won)\s+the\s+Auftrag\s+from\s+/gi, "we won the deal of "],
  // Irish English: "how're we fixed with Acme, what's owed", "lodged" (paid in), "I'm after getting a payment", "would
  // you ever" (please), "who've we got", "fierce busy", "is gone to" (has gone to), "the Tyrell job" (the deal won),
  // "put in a new deal", "sent on", "put that against it", "yer one", "grand", "sound".
  [/^\s*how(?:'re|\s+are)\s+we\s+fixed\s+with\s+([^,?]+?)\s*[,?]\s*what(?:'s|\s+is)\s+owed\b/i, "what does $1 owe"],
  [/\bhow\s+much\s+(?:have\s+we|has\s+been|did\s+we)\s+(?:got\s+|gotten\s+)?lodged\s+from\s+([^,?]+?)(?=\s*(?:so\s+far|,|\?|$))/gi, "how much has $1 paid us"],
  [/\bI['’]?m\s+after\s+getting\s+(?:a|the)\s+payment\s+from\s+([^,.]+?),\s*the\s+full\s+amount\b/gi, "$1 paid in full"],
  [/\bI['’]?m\s+after\s+getting\s+(?:a|the)\s+payment\s+from\s+/gi, "we got a payment from "],
  [/[,;]?\s*(?:and\s+)?(?:I\s+)?lodged\s+it\s+(?:this\s+morning|today|yesterday|earlier)\b/gi, ""],
  [/\bwould\s+you\s+ever\s+/gi, "please "],
  [/\bmark\s+(it|that|them)\s+off\b/gi, "mark $1 paid"],
  [/\bwho(?:'ve|\s+have)\s+we\s+got\s+(?=(?:getting|on|in|at|receiving)\b)/gi, "who is "],
  [/\b(christmas|easter|the\s+new\s+year)\b([^.?!]*?)\bbefore\s+it\b/gi, "$1$2before $1"],
  [/^\s*(?:fierce|very|mad|awful)\s+busy\b[^,.;]*?\bso\s+/i, ""],
  [/\b(?:meant|supposed|due)\s+to\s+close\b/gi, "expected to close"],
  [/\bis\s+gone\s+(?=to\s+(?:negotiation|proposal|qualified|won|lost|screening|interview|offer)\b)/gi, "has moved "],
  [/,\s*they\s+came\s+back\s+on\s+the\s+(?:proposal|quote|offer|price)\b[^.?!]*/gi, ""],
  [/\bwe\s+(?:got|won|landed|bagged)\s+the\s+(\p{Lu}[\p{L}&-]*(?:\s+\p{Lu}[\p{L}&-]*)*)\s+job\b/gu, "we won the $1 deal"],
  [/[,;]\s*(?:sound|grand|cheers|nice\s+one|lovely)\s*[.!]*\s*$/gi, ""],
  [/\bput\s+in\s+(?=(?:a|an)\s+new\b)/gi, "create "],
  [/\bsent\s+on\s+(?=[$€£]?\s?\d)/gi, "sent "],
  [/(?<=[$€£]\s?\d[^.?!]*)\bput\s+(?:that|it|this)\s+against\s+(?:it|that|the\s+(?:bill|invoice))\b/gi, "record it"],
  [/[,;]?\s*(?:the\s+)?rest\s+to\s+follow\b[^.?!]*[.!]*/gi, ""],
  [/\b(?:yer|your)\s+(?:one|man|woman|lad|fella)\s+(?=(?:for|on)\s+the\s+[\w\s-]*?(?:job|role|post|position|req)\b)/gi, "the candidate "],
  [/\bsigned\s+up\s+with\s+us\b/gi, "became a customer"],
  [/\bput\s+forward\s+a\s+friend\s+of\s+(?:his|hers|theirs|mine)\s+for\s+/gi, "referred a candidate for "],
  [/^\s*one\s+of\s+the\s+lads\s+referred\s+a\s+candidate\s+for\s+/i, "new referral candidate for "],
  [/\badd\s+(him|her|them)\s+in\s+as\b/gi, "add $1 as"],
  [/\bdebtor\s+days\b/gi, "days sales outstanding"],
  [/\binvoice\s+(?:has\s+)?(?:gone|went)\s+out\s+to\s+([^,.]+?)\s+(today|yesterday|this\s+morning)\s+for\s+/gi, "create an invoice for $1 for "],
  [/\.?\s*put\s+it\s+in\s+as\s+sent(?:\s+so)?\s*[.!]*\s*$/gi, " and send it"],
  // Scottish and British office English: "can you put that through" (record what was just told), "it's a no from us",
  // "sent a wee bit towards INV-38" (paid part of it), "based here in Glasgow", "I'm afraid".
  [
    /(?<=[$€£]\s?\d[^?!]*[.!,;]\s*)(?:(?:can|could|would)\s+you\s+(?:please\s+)?|please\s+)?put\s+(?:that|it|this|them)\s+through\b(?:\s+(?:please|for\s+me))?/gi,
    "record it",
  ],
  [
    /\s*[-–—,;.]?\s*\b(?:it['’]?s|that['’]?s)\s+a\s+(?:no|pass|no-go)\s+from\s+(?:us|me|the\s+team|the\s+panel|the\s+client)\b(?:\s*,?\s*I['’]?m\s+afraid)?\s*[.!]*/gi,
    // (The replacer's last two arguments are the match's offset and the whole text.)
    (said: string, ...rest: string[]) => (/\breject/i.test(String(rest.at(-1)).slice(Number(rest.at(-2)) + said.length)) ? ". " : " - reject them. "),
  ],
  [/[,;]?\s*\bI['’]?m\s+afraid\b,?/gi, ""],
  [
    /\bsent\s+(?:(?:a|some)\s+)?(?:bit|something|some\s+money|money|part(?:\s+of\s+it)?|a\s+part\s+payment|a\s+payment)\s+(?:towards|against|on)\s+(?=(?:INV|invoice|the\s+invoice|their\s+invoice|it)\b)/gi,
    "paid part of ",
  ],
  [/\bbased\s+(?:here\s+|over\s+|out\s+)?(?:in|out\s+of)\s+/gi, "based in "],
  // Formal English as a second language, as Japanese business writing has it: "I would like to confirm about",
  // "Please kindly let me know", "Is it possible to register", "Regarding the invoice of X", "the total amount of
  // unpaid", "Name: Mr. X", "Sorry for trouble", "has started the business with us", "the members".
  [/\bis\s+it\s+possible\s+to\s+(register|create|add|make|issue)\s+/gi, "please $1 "],
  [/\bI\s+want\s+to\s+know\s+the\s+total\s+(?:amount\s+)?of\s+unpaid\s+(?:of|for|from|by)\s+([^.?!]+?)(?=\s*[.?!])/gi, "how much does $1 still owe"],
  [/\.\s*if\s+there\s+are\s+(?:some|several|multiple|many|different)\s+currencies\b[^.?!]*/gi, " per currency"],
  [
    /^\s*regarding\s+(?:the\s+)?(invoice|deal|contact|candidate)s?\s+(of|for|from|at)\s+([^,]+),\s*I\s+would\s+like\s+to\s+(?:confirm|know|check|ask)\s+(?:about\s+)?(which|what)\s+ones?\b/i,
    (_: string, kind: string, prep: string, owner: string, wh: string) => `${wh} ${kind.toLowerCase()}s ${prep} ${owner}`,
  ],
  [/^\s*regarding\s+(?:the\s+)?(invoice|bill)\s+(?:of|for|from)\s+([^,]+),\s*the\s+payment\s+(?:was|has\s+been)\s+received\b/i, "$2 paid their invoice"],
  [/\bI\s+would\s+like\s+to\s+(?:confirm|check)\s+(?:about\s+)?(?=(?:which|what|how|when|whether|if|the)\b)/gi, ""],
  [/(?<=[.?!])\s*(?:please\s+)?(?:kindly\s+)?let\s+me\s+know\s+(?:the|their)\s+(?:invoice\s+)?(?:numbers?|names?)\s*[.!]?\s*$/gi, ""],
  [
    /(?<=[.?!])\s*(?:the|our|their)\s+[\w\s]{0,40}?(?:team|department|person|manager|staff)\s+(?:of|at|from)\s+[^.?!]{2,40}?\s+(?:asked|called|emailed|requested)\b[^.?!]*[.?!]?\s*$/gi,
    "",
  ],
  [
    /\b(?:which|that|where)\s+the\s+(?:customer|client)s?\s+(?:has\s+|have\s+)?paid\s+only\s+(?:a\s+)?part(?:\s+of\s+it)?(?:\s+and\s+the\s+rest\s+is\s+still\s+(?:remaining|outstanding|open|unpaid))?/gi,
    "that are partly paid",
  ],
  [/\b(?:that\s+|who\s+)?(?:we\s+have\s+|we've\s+)registered\s+(?=(?:at|with|in|for|under)\b)/gi, ""],
  [
    /\bthe\s+([A-Z][\w]*(?:\s+[A-Z][\w]*)*)\s+at\s+([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*)\b([^?]*?[.!]\s+[^?]*?)\b(?:this|that|the)\s+person\b/g,
    "the $1 at $2$3the $1 at $2",
  ],
  [/\bthe\s+members\s+(?:who\s+are|that\s+are)\s+/gi, "the contacts "],
  [/^\s*for\s+(?:arranging|preparing|planning|booking|organi[sz]ing|making|setting\s+up)\s+[^,]{2,40},\s*/i, ""],
  [/(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)\s+\([^()]{2,40}\)\s+(?=(?:passed|has|have|is|was|did|got|nailed|aced|accepted|signed|cleared)\b)/gu, "$1 "],
  [/^\s*(the\s+.{2,40}?\s+(?:invoice|bill))\s+is\s+(?:grand|fine|good|ok|okay|ready|approved)\s+now\s*,?\s*(?:so\s+)?send\s+it(?:\s+out)?\b/i, "send $1"],
  [/\b(?:asking|wondering|wants\s+to\s+know|asked)\s+what\s+our\s+(.{3,40}?)\s+(?:are|is)\b/gi, "what is our $1"],
  [/,?\s*what(?:'s|\s+is)\s+the\s+(?:figure|number)\s*\??\s*$/gi, ""],
  [
    /^\s*(?:the|our|my)\s+(?:accountant|bookkeeper|auditor|boss|manager|cfo|controller|bank)\s+(?:was|is|has\s+been|keeps)\s+(?:asking\s+(?:me\s+)?)?(?=what|how|which|for)/i,
    "",
  ],
  [/\bchange\s+the\s+(?:job\s+)?(title|email|phone|e-?mail\s+address|phone\s+number)\s+of\s+(\p{Lu}\p{L}+\s+\p{Lu}[\p{L}'’-]+)\s+to\b/gu, "change $2's $1 to"],
  [/\s+and\s+the\s+rest\s+is\s+still\s+(?:remaining|outstanding|open|unpaid|due)\b/gi, ""],
  [/\b(?:please\s+)?change\s+the\s+status\s+to\s+['"‘“]?(paid|won|lost|customer|open|hired|rejected|closed\s+won|closed\s+lost)['"’”]?/gi, "mark it as $1"],
  [/\bmake\s+(\p{Lu}\p{L}+\s+\p{Lu}[\p{L}'’-]+)\s+an?\s+(customer|lead|prospect)\b/gu, "set the lifecycle stage of $1 to $2"],
  [/\s+(?:in|at|for)\s+their\s+(?:warehouse|office|offices|building|site|plant|factory|kitchen|premises|shop|store|depot)\b/gi, ""],
  [/(\p{Lu}\p{L}+\s+\p{Lu}[\p{L}'’-]+)\s+(?:w\/|with)\s+(?=\p{Lu}[\p{L}&-]+\s+(?:off|out\s+of|from|in|on|to|into)\b)/gu, "$1 at "],
  [/\bput\s+up\s+(?:a|an)\s+(.{2,40}?)\s+(?:posting|post|ad|advert|listing)\b/gi, "create a job: $1"],
  [/\bseasonal\s+temp\b/gi, "temporary"],
  [/\bName\s*:\s*(?:Mr\.?\s+|Mrs\.?\s+|Ms\.?\s+|Miss\s+|Dr\.?\s+)?/g, ""],
  [/\bpayment\s+due\b/gi, "due"],
  [
    /(\p{Lu}[\p{L}&-]*(?:\s+\p{Lu}[\p{L}&-]*)*)\s+(signed|accepted)\s+the\s+(?:contract|agreement|paperwork|order)\s+(?:for|on)\s+the\s+([\w\s-]{2,40}?)(?=\s*[.,;!])/gu,
    "$1 $2 the $1 $3 deal",
  ],
  [/\b(?:has\s+|have\s+)?start(?:ed)?\s+(?:the\s+|doing\s+)?business\s+with\s+us\b/gi, "became a customer"],
  [/\bjob\s+title\b/gi, "title"],
  [/^\s*(?:sorry|apologies)\s+for\s+(?:the\s+)?(?:trouble|bother|inconvenience)\s*,?\s*(?:but\s+)?/i, ""],
  [/(?<=[.?!])\s*it\s+was\s+(?:registered|entered|created|added|made)\s+(?:wrongly|by\s+mistake|in\s+error|twice)\b[^.?!]*[.?!]?/gi, ""],
  // A warehouse supervisor: "still got bills out", "cut an invoice", "due 30 days out", "void out", "hes there dock
  // manager", "we're in negotiation now, move it", "need 3 more pickers for peak", "he's a referral".
  [/\b(?:still\s+)?(?:got|have|has)\s+(?:bills|invoices)\s+out\b/gi, "have unpaid invoices"],
  [/\bcut\s+(?:an?\s+|the\s+)?(invoice|bill)\b/gi, "create an $1"],
  [/\bdue\s+(\d{1,3})\s+days\s+out\b/gi, "due in $1 days"],
  [/\bvoid\s+out\b/gi, "void"],
  [
    /\b((?:void|cancel|delete)\s+[A-Za-z]{2,5}-\d{1,9})\s+(?:\p{Lu}[\p{L}&-]*\s+)?(?:cancelled|canceled|changed|decided|backed|pulled|asked|said|wants)\b.*$/giu,
    "$1",
  ],
  [/,?\s*(?:he|she)(?:'?s|\s+is)\s+there\s+([a-z][\w\s-]{2,30}?)\s*$/gi, ", title is $1"],
  [/\bwe(?:'re|\s+are)\s+in\s+(negotiation|proposal|discovery|qualified)\s+now\s*,?\s*(?:so\s+)?move\s+it\b/gi, "move it to $1"],
  [/^\s*(?:we\s+)?need\s+\d+\s+more\s+[\w\s-]{2,30}?\s+for\s+[\w\s-]{2,20}?[.!]\s*/i, ""],
  [/(?:,|\.)?\s*(?:he|she|they)(?:'s|\s+is|\s+are|'re)\s+an?\s+referral\b(?:\s+(?:from|by|via)\s+[^.,;!?]*)?/gi, ", source is referral"],
  // A treasurer's letters: "Whatever became of the support upgrade we were hoping to sell to Stark Logistics?", "Among
  // all the people in our address book, how many ...", "the firms we are haggling with".
  [
    /\bwhatever\s+(?:became|has\s+become|happened)\s+(?:of|to)\s+(?:the\s+|that\s+)?(.{3,60}?)\s+(?:we\s+were|we're|we\s+are|we\s+had\s+been)\s+(?:hoping|trying|looking|meaning)\s+to\s+(?:sell|close|win|sign)\s+(?:to|with)\s+(\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*)*)\s*\?/giu,
    // (The deal's name as names are written: read in lower case, "amount" would make it an invoice's words.)
    (_: string, what: string, who: string) => `what are the stage and amount of the ${who} ${what[0]!.toUpperCase()}${what.slice(1)} deal?`,
  ],
  [
    /^\s*(?:among|of|out\s+of)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|our\s+)?(?:people\s+in\s+(?:our\s+|the\s+)?)?(contacts|candidates|applicants|accounts|clients|deals|invoices|jobs|address\s+book|crm)\b[^,?]{0,30},\s*how\s+many\s+(?:of\s+them\s+)?(?=(?:have|has|are|is|were|was)\b)/i,
    (_: string, kind: string) => `how many ${/^(?:address|crm)/i.test(kind) ? "contacts" : kind.toLowerCase()} `,
  ],
  [
    /\b(?:posts|positions|roles|jobs|vacancies|openings)\s+(?:we\s+are|we're|we\s+have\s+been)\s+(?:advertising|recruiting\s+for|hiring\s+for|trying\s+to\s+fill)(?:\s+at\s+(?:the\s+moment|present))?/gi,
    "open jobs",
  ],
  // "a column headed 'Proposal'. What do the deals sitting in that column come to": that column is the stage named.
  [
    /\bcolumn\s+(?:headed|called|named|titled|marked)\s+['"“‘]([^'"”’]{2,40})['"”’]([\s\S]*?)\b(?:sitting\s+)?in\s+that\s+column\b/gi,
    "column headed '$1'$2in the $1 stage",
  ],
  [/^\s*(?:splendid|great|good|wonderful|excellent|happy|glad|marvellous|lovely)\s+news(?:\s+at\s+(?:last|long\s+last))?\s*[:!,.–—-]+\s*/i, ""],
  [/^\s*lekker\s+news\s*[:!,.–—-]+\s*/i, ""],
  [/[,;]?\s*(?:which|and)\s+i\s+take\s+(?:it\s+)?to\s+be\s+a\s+(?:good|promising|positive|hopeful)\s+sign\b/gi, ""],
  [
    /\b(?:i\s+(?:believe|think|gather)\s+)?(?:that\s+means\s+)?\b(it|he|she|they)\s+should\s+(?:now\s+)?be\s+moved\s+(?:along\s+|on\s+|forward\s+)?(?:to|into)\s+/gi,
    "move $1 to ",
  ],
  [/[;,]\s*would\s+you\s+(?:kindly\s+)?see\s+to\s+(?:that|it)\s*\??/gi, "."],
  [/\b(?:his|her|their)\s+address\s+for\s+(?:letters|mail|post)\s+by\s+(?:computer|e-?mail)\s+is\b/gi, (m: string) => `${m.split(/\s/)[0]} email is`],
  [/\badd\s+(him|her|them)\s+to\s+our\s+(?:address\s+book|contacts|records?)\s+under\s+/gi, "add $1 as a contact at "],
  [/(['"“‘][^'"”’]{3,60}['"”’])\s+(?:letters|mailings|emails|mails)\b/g, "$1 sequence"],
  // "the Stark bill from the autumn": a season with no year narrows nothing the records hold; which one is asked.
  [/\s+(?:from|of|in)\s+(?:the\s+)?(?:autumn|fall|summer|spring|winter)\b(?!\s+(?:of\s+)?\d{4})/gi, ""],
  // "my nephew tells me", "the consulting my nephew did for them": who told or did it is no record.
  [
    /,?\s*(?:as\s+)?my\s+(?:nephew|niece|son|daughter|husband|wife|brother|sister|colleague|partner|boss|accountant|bookkeeper)\s+(?:tells|told|says|said|informs)\s+me\s*,?/gi,
    ",",
  ],
  [
    /\s+(?:that\s+)?my\s+(?:nephew|niece|son|daughter|husband|wife|brother|sister|colleague|partner|boss)\s+(?:did|does|has\s+done|carried\s+out)\s+(?:for\s+(?:them|him|her)\b)?/gi,
    " ",
  ],
  [/\bmake\s+out\s+(?:a|an|the)\s+(?:bill|invoice)\s+(?:to|for)\s+/gi, "create an invoice for "],
  [/\bmove\s+(.{2,40}?)\s+on\s+to\s+the\s+next\s+(stage|step|round)\b/gi, "move $1 to the next $2"],
  [/\bthe\s+(?:young\s+)?(?:lady|woman|man|gentleman|chap|girl|guy|fellow|person)\s+who\s+applied\s+for\s+(?:the\s+)?/gi, "the candidate for the "],
  [/\b(?:the\s+)?design\s+(?:post|position|role|job|opening|vacancy)\b/gi, "the designer job"],
  // "... the correspondence file for the designer job. Give me everyone who applied for it": it is the job told of.
  [/^([^.?!]*?\b(the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:job|role|post|position|opening|vacancy))\b[^.?!]*[.!]\s+[^.?!]*?\bfor\s+)it\b/i, "$1$2"],
  [/,?\s*whatever\s+(?:has\s+)?(?:become|happened)\s+(?:of|to)\s+(?:them|him|her)(?:\s+since)?(?=\s*[?.!,]|$)/gi, ""],
  [
    /\b(?:a|the)\s+(?:cheque|check|payment|transfer|wire|remittance|bank\s+transfer)\s+(?:for|of)\s+(.{2,40}?)\s+has\s+(?:arrived|come\s+in|landed|been\s+received|reached\s+us)\s+from\s+(\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*)*)/gu,
    "$2 paid $1",
  ],
  [
    /\s*\bit\s+(?:does\s+not|doesn't|did\s+not|didn't)\s+(?:clear|cover|settle)\s+(?:the\s+)?(?:whole|entire|full)\s+(?:debt|balance|amount|bill|invoice)\b[^.?!]*?(?:,\s*but\s+|[.?!]\s*)/gi,
    " ",
  ],
  [/\s+against\s+(?:that|the|this)\s+(?:bill|invoice)\s+all\s+the\s+same\b/gi, ""],
  [/\s+all\s+the\s+same\b(?=\s*[.!?]*\s*$)/gi, ""],
  [/\s*\bdo\s+mind\s+that\b[^.?!]*[.?!]?/gi, ""],
  [
    /^\s*(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)\b[^.]*?\b(?:her|his|their)\s+(?:direct\s+line|phone(?:\s+number)?|mobile(?:\s+number)?|number)\b[^:.]*:\s*(\+?\d[\d\s().-]{5,}\d)\.?\s*(?:[Pp]lease\s+)?(?:(?:[Aa]dd|[Pp]ut|[Ss]ave|[Rr]ecord)\s+it\b|[Uu]pdate\s+(?:her|his|their)\s+(?:contact|record))[^.?!]*[.?!]?/u,
    "set $1's phone to $2",
  ],
  [
    /^\s*(?:an?\s+)?(?:Mr\.?\s+|Mrs\.?\s+|Ms\.?\s+|Miss\s+|Dr\.?\s+)?(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)\s+would\s+(?:like|love|wish)\s+to\s+apply\s+(?:for|to)\s+/u,
    "New candidate $1 for ",
  ],
  [/\b(she|he|they)\s+came\s+to\s+us\s+(?:through|via|by\s+way\s+of)\s+(?:a\s+)?(?:friend|colleague|contact)\b[^,.;]*/gi, "$1 came through a referral"],
  [/\s*\(([^(),]{3,40}),\s*(?:i\s+(?:believe|think)\s+)?(?:it\s+is|it's)\s+(?:properly\s+)?called\)/gi, " ($1)"],
  [/\bour\s+[a-z]+\s+(?:position|post|role|job|vacancy)\s+\(([^()]{3,40})\)/gi, "the $1 job"],
  [/\b(her|his|their)\s+address\s+is\s+(?=[\w.+-]+@)/gi, "$1 email is "],
  [/\bput\s+(her|him|them)\s+down\s+as\s+an?\s+(?:applicant|candidate)\b/gi, "add $1 as a candidate"],
  [
    /\b(?:what\s+)?all\s+the\s+(?:sales|deals|business|prospects)\s+(?:we\s+are|we're)\s+still\s+hoping\s+to\s+(?:land|win|close|sign)\s+(?:come|comes|add)\s+(?:to|up\s+to)\b/gi,
    "the open pipeline",
  ],
  [/\s*\bby\s+that\s+i\s+mean\b[^.?!]*[.?!]?/gi, ""],
  [/,?\s*(?:and\s+)?whether\s+(?:they\s+are|they're|it\s+is|it's)\s+(?:late|overdue|due)\s+or\s+not\s*,?/gi, " "],
  // "our 'days sales outstanding', which I gather is ... What is that figure": the figure told.
  [
    /^[^.?!]*\b(days\s+sales\s+outstanding|dso|win\s+rate|weighted\s+pipeline|open\s+pipeline)\b[^.?!]*[.!]\s*([^.?!]*?)\b(?:that|this)\s+(?:figure|number|metric)\b/i,
    "$2our $1",
  ],
  [
    /^\s*we\s+have\s+a\s+new\s+(?:gentleman|lady|man|woman|person|contact|chap|fellow)\s+to\s+deal\s+with\s+at\s+([^:.]+):\s*(?:an?\s+)?/i,
    "New contact at $1: ",
  ],
  [/(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+),\s*who\s+is\s+(?:their|the|our)\s+(\p{Lu}[\p{L}]+(?:\s+(?:of|and|\p{Lu}[\p{L}]+))*)(?=\s*[.,])/gu, "$1, $2"],
  [/['‘’]([A-Z][\w -]{2,30})['’]\s+(stage|step|column)(?:\s+(?:on|in)\s+the\s+(?:pipeline|sales\s+chart|board))?/g, "$1 $2"],
  [
    /\b(?:the\s+names\s+of\s+)?the\s+(?:firms|companies|clients|accounts|customers)\s+(?:we\s+are|we're)\s+(?:negotiation|negotiating|haggling|in\s+talks)\s+with\b/gi,
    "the deals in negotiation",
  ],
  // Agency recruiting talk: "DQ'd", "dispo'd" (rejected), "submittals" (candidates put forward), "in play" (active),
  // "anyone rated 5 stars", fields set apart by slashes ("priya nair / head of talent @ hooli"), "/ lmk", "list em,
  // need to chase", a reason after a rejection ("dq X, comp expectations way off"), "new opp: account, name, amount".
  [/^(?=(?:[^/]*\s\/\s){2})[\s\S]*$/, (all: string) => all.replace(/\s+\/\s+/g, ", ")],
  [/\s*(?:\/|,|-|–)\s*(?:lmk|thx|thanks|ty|pls|plz|asap)\s*[.!]*\s*$/gi, ""],
  [
    /\b(?:where|that|which)\s+(?:they|the\s+(?:client|customer)s?)\s+(?:have\s+|has\s+)?paid\s+(?:part|some|a\s+(?:bit|portion))(?:\s+of\s+it)?\s+but\s+(?:still\s+)?owe\s+(?:a\s+balance|the\s+rest|something|money)\b/gi,
    "that are partly paid",
  ],
  [/\bclose\s+(it|this|that|them|[A-Za-z]{2,5}-\d{1,9})\s+(?:out\s+)?as\s+(paid|won|lost)\b/gi, "mark $1 as $2"],
  [/\bsubmittals\b/gi, "candidates"],
  [/\bsubmittal\b/gi, "candidate"],
  [/\b(list|show|send|give|move|mark|reject|add)\s+em\b/gi, "$1 them"],
  [/[,;]\s*(?:i\s+|we\s+)?(?:need|have|got|want)\s+to\s+(?:chase|nudge|ping|call|follow\s+up)\b[^.?!]*/gi, ""],
  [
    /(?<=\b(?:dq|reject|decline|pass\s+on)\b[^.!?,]{3,80}),\s*(?:comp|salary|pay|rate|experience|skills?|culture|visa|location|notice|too|way|not|no|over|under|lacks?|missing|weak|poor|bad|failed|bombed|ghosted|withdrew|overqualified|underqualified)\b[^.!?]*/gi,
    "",
  ],
  [
    /^\s*(?:new|create|add|open)\s+(?:an?\s+)?(?:opp|opportunity|deal)\s*:\s*([^,:]{2,40}),\s*([^,\d$€£"]{2,40}?),\s*(?=[$€£]?\s?\d)/i,
    (_: string, account: string, name: string) => `new deal "${name.trim()}" for ${account.trim()}, `,
  ],
  // Dutch words and turns in an English request: vacatures (jobs), sollicitanten (applicants), a concept (a draft), an
  // offerte (a quote), debtors (clients who owe), "make it on paid", "per 1 March" (by), "binnen" (in), "graag" (please),
  // "even" (just), "ex VAT".
  [/\bvacatures\b/gi, "jobs"],
  [/\bvacature\b/gi, "job"],
  [/\bsollicitanten\b/gi, "candidates"],
  [/\bsollicitant(?:e)?\b/gi, "candidate"],
  [/\bofferte\b/gi, "proposal"],
  [/\bcontact\s?persons?\b/gi, (m: string) => (/s$/i.test(m) ? "contacts" : "contact")],
  [/\b(?:still\s+)?(?:in\s+)?concept\b(?!\s+(?:of|for|behind|is|was|that|note|paper|art|design|phase)\b)/gi, "draft"],
  [/\b(?:still\s+)?open\s+(?:at|with|by)\s+(?:our\s+|the\s+)?(?:debtors|clients|customers)\b/gi, "outstanding"],
  [/[,.!]?\s*\b(?:graag|alvast\s+bedankt|dank\s+je(?:\s+wel)?|bedankt)\b[.!]*/gi, ""],
  [/\b(need|want|give|show|send|check|look\s+up|tell)\s+(me\s+)?even\b/gi, "$1 $2"],
  [/\bbinnen\b/gi, "in"],
  // "I need the email address of Isla Haddad": what the one asking wants to be told.
  [
    /^\s*(?:i|we)\s+(?:need|want|would\s+like|'d\s+like)\s+(the\s+(?:e-?mail|phone|mobile|title|website|domain)(?:\s+(?:address|number))?\s+of\s+)/i,
    "what is $1",
  ],
  // "for the vacature Senior Backend Engineer": the job's name after the word for it.
  [/\b(for|on|of|in|to)\s+the\s+(job|role|position|opening|req)\s+(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,4})/gu, "$1 the $3 $2"],
  [/\bparttime\b/gi, "part-time"],
  [/\bfulltime\b/gi, "full-time"],
  [/\bmake\s+(.{2,60}?)\s+on\s+(paid|won|lost|closed|open|hired|rejected|qualified)\b/gi, "mark $1 as $2"],
  [/\bput\s+(the\s+(?:[\w-]+\s+){0,4}?(?:stage|status)\s+of\s+.{2,40}?)\s+on\s+(\w+)\b/gi, "set $1 to $2"],
  [/,?\s*(?:they\s+are|she\s+is|he\s+is|it\s+is)\s+no\s+(lead|prospect)\s+any\s?more\b/gi, ""],
  [/[,;]?\s*\b(?:no|without)\s+VAT(?:\s+on\s+it)?(?:\s*\([^)]*\))?/gi, ""],
  [/\s*\b(?:ex(?:cl(?:uding|\.)?)?\.?|excluding)\s+VAT\b/gi, ""],
  [/[.;]\s*Due\s+date\s+(?:is\s+|on\s+)?(?=the\s+\d|\d|next|end|in\s)/g, ", due "],
  [/\bper\s+(?=\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Z][a-z]+|[A-Z][a-z]+\s+\d)/g, "by "],
  [/\b(\d+)\s+days\s+(?:over|past|beyond|after)\s+(?:their|the|its)\s+due\s+date\b/gi, "$1 days overdue"],
  [/[,;.]?\s*not\s+(?:what|those|the\s+ones?)\s+(?:that\s+|which\s+)?(?:is|are)\s+still\s+(?:open|unpaid|active|running)\b/gi, ""],
  [
    /^(\s*the\s+(?:candidate|applicant)\b[^.?!]{0,60}?)\s+(?:can|may|should|must)\s+(?:go|move)\s+(?:one\s+(?:stage|step)\s+further|(?:on\s+)?to\s+the\s+next\s+(?:stage|step|round))/i,
    "move $1 to the next stage",
  ],
  // French words in an English request: invoices, quotes, currencies, due dates, jobs, applications, interviews, steps,
  // hiring, late, how many, at someone's, a role's title, a transfer, a redesign, a permanent contract.
  [/\bfactures?\b/gi, (m: string) => (/s$/i.test(m) ? "invoices" : "invoice")],
  [/\bdevis\b/gi, "quote"],
  [/\b(?:per|by|in\s+each)\s+devises?\b/gi, "by currency"],
  [/\bdevises?\b/gi, "currency"],
  [/\b(?:arrive|come|fall)s?\s+(?:at|to)\s+(?:(?:the|their)\s+)?[ée]ch[ée]ance(?!\p{L})/giu, "fall due"],
  [/\b(?:the\s+)?date\s+(?:of|d['’])\s*[ée]ch[ée]ance(?!\p{L})/giu, "the due date"],
  [/(?<!\p{L})[ée]ch[ée]ance(?!\p{L})(?:\s+le\b)?/giu, "due date"],
  [/\ble\s+(?=\d{1,2}\s*(?:\/|[A-Za-z]{3}))/g, ""],
  [/\bcandidatures?\b/gi, (m: string) => (/s$/i.test(m) ? "candidates" : "application")],
  [/\bcandidats?\b/gi, (m: string) => (/s$/i.test(m) ? "candidates" : "candidate")],
  [/\brefuse\s+(?:the|his|her|their)\s+application\b/gi, "reject them"],
  [/\bpostes\b/gi, "jobs"],
  [/\b(?<=\b(?:the|a|this|that|our|new|backend|designer|[A-Z][\w-]*)\s)poste\b/gi, "job"],
  [/\bpostes?\s+(?=of\b)/gi, "job "],
  [/\bentretiens?\b/gi, "interview"],
  [/(?<!\p{L})[ée]tapes?(?!\p{L})/giu, "stage"],
  [/\brecrutement\b/gi, "hiring"],
  [/\ben\s+retard\b/gi, "overdue"],
  [/\bcombien\b/gi, "how many"],
  [/\bchez\s+(?=\p{Lu})/gu, "at "],
  [/,?\s*with\s+(?:their|there)\s+names?\s+and\s+(?:fonctions?|functions?|titles?|roles?)\b/gi, ""],
  [/\bfonctions?\b/gi, "title"],
  [/\b(?:made|did|sent|received)\s+(?:a|an|the)\s+virement\s+of\b/gi, "paid"],
  [/\bvirements?\b/gi, "payment"],
  [/\brefonte\b/gi, "redesign"],
  [/[,.!]?\s*\bmerci(?:\s+beaucoup)?\b[.!]*/gi, ""],
  [/\bfin\s+d['’]ann[ée]e\b/gi, "year-end"],
  [/\b(?:we\s+)?(?:open|create|have|are\s+opening|want\s+to\s+open)\s+(?:a|an|one)\s+CDI\s+(?:for|as)\s+(?:a|an)\s+/gi, "create a full time job: "],
  [/\b(?:a|an|the)\s+CDI\s+for\s+(?:a|an)\s+/gi, "a full time job, "],
  [/\bCDI\b/gi, "full time"],
  // "the candidate who came by referral": the referral candidate.
  [
    /\bthe\s+(candidate|applicant)\s+who\s+(?:came|applied)\s+(?:in\s+)?(?:by|through|thru|via|from)\s+(?:an?\s+|the\s+)?(referral|linkedin|indeed|agency|website)\b/gi,
    (_: string, who: string, source: string) => `the ${source.toLowerCase()} ${who.toLowerCase()}`,
  ],
  // "The candidate who came by referral for the backend job — move to the next stage": what is told first is moved.
  [
    /^(\s*the\s+[^,.;!?—–]{3,100}?\b(?:candidate|applicant|person|guy|one))(\s+(?:for|on|in)\s+[^,.;!?—–]{3,60}?)?\s*[—–-]+\s*((?:please\s+|pls\s+|kindly\s+)?(?:move|pass|mark|put|advance|bump|progress))\s+(?=(?:to|as|into|on)\b)/i,
    (_: string, who: string, where: string | undefined, verb: string) => `${who}${where ?? ""}, ${verb} them `,
  ],
  // "pass to the next étape": move on.
  [/\bpass\s+(?:(him|her|them|it)\s+)?(?=to\s+the\s+next\s+(?:stage|step|round)\b)/gi, (_: string, who?: string) => `move ${who ? `${who} ` : ""}`],
  [/\bin\s+the\s+team\s+(\p{Lu}[\p{L}-]*)/gu, "in the $1 team"],
  // "stop the sequence for this person, no more automatic mails": take them out of it.
  [
    /\bstop\s+(?:the\s+)?(sequence|campaign|cadence|drip|e-?mails|mails)\s+(?:for|to)\s+(him|her|them|this\s+(?:person|contact|one|lady|guy)|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:\s*,\s*no\s+more\s+(?:automatic\s+|automated\s+)?(?:e-?mails|mails|messages))?/giu,
    (_: string, what: string, who: string) => `take ${/^this\s/i.test(who) ? "them" : who} out of the ${/mails/i.test(what) ? "sequence" : what.toLowerCase()}`,
  ],
  // False friends: "who is actually in interview" (currently), "closing eventually at the end of march" (possibly),
  // "the 2 next weeks" (the next two), "put it in the good stage" (right), "the deal is gained" (won), "how much
  // contacts" (many).
  [/\b(?:actually|eventually)\b(?=\s*(?:[?.!,]|$|in\b|at\b|open\b|there\b|inside\b))/gi, ""],
  [/\b(?:closing|closes|close)\s+eventually\b/gi, "closing"],
  [/\bthe\s+(\d+|two|three|four)\s+next\s+(days|weeks|months)\b/gi, "the next $1 $2"],
  [/\b(?:in|to|into)\s+the\s+good\s+(?:stage|step|column)\s*[,:—–-]?\s*/gi, "to "],
  [/\bis\s+gained\b/gi, "is won"],
  [/\bhow\s+much\s+(?=(?:contacts|candidates|people|jobs|accounts|applications|clients|customers)\b)/gi, "how many "],
  // "Où en est Ken Thompson ?": where someone is in the hiring; "I mean, at what stage of the hiring": said again.
  [/\bo[uù]\s+en\s+(?:est|sont)\s+(.+?)\s*\?/gi, "what stage is $1 in?"],
  [/(?<=[?.!])\s*i\s+mean,?\s+(?:at\s+)?(?:what|which)\s+stage\b[^.?!]*[?.!]*\s*$/gi, ""],
  // "..., not the ones already late, only those who will come": the state left out; the rest said again.
  [/[,;]?\s*(?:but\s+)?not\s+the\s+ones?\s+(?:that\s+are\s+|which\s+are\s+)?(?:already\s+)?(late|overdue|paid|open|draft|void)\b/gi, " that are not $1"],
  [/[,;]?\s*(?:only\s+)?(?:those|the\s+ones?)\s+(?:who|which|that)\s+(?:will|are\s+going\s+to)\s+(?:come|arrive)(?:\s+due)?\b/gi, ""],
  // "what the clients must still pay us": what they owe.
  [
    /\b(?:(?:give|show|tell)\s+me\s+)?(?:the\s+)?(?:total|sum)\s+of\s+what\s+(?:the\s+)?(?:clients|customers)\s+(?:must|have\s+to|should|need\s+to)\s+(?:still\s+)?pay\s+(?:to\s+)?us\b/gi,
    "how much do clients still owe us",
  ],
  [/\bwhat\s+(?:the\s+)?(?:clients|customers)\s+(?:must|have\s+to|should|need\s+to)\s+(?:still\s+)?pay\s+(?:to\s+)?us\b/gi, "what clients still owe us"],
  // "who is inside the sequence": in it.
  [/\binside\s+(?=(?:the\s+)?(?:sequence|campaign|pipeline|stage|["“]))/gi, "in "],
  // "contacts having the tag decision-maker", "marked with decision-maker tag": tagged so.
  [/\b(?:have|has|having|with|carrying|carry)\s+the\s+tag\s+["“]?([\w-]+)["”]?/gi, "tagged $1"],
  [/\b(?:marked|labell?ed|flagged)\s+(?:with|as)\s+(?:the\s+|a\s+)?["“]?([\w-]+)["”]?\s+tag\b/gi, "tagged $1"],
  // "it is for to prepare a small mailing", ", I must update the careers page": why the one asking asks.
  [
    /(?<=[?.!])\s*it(?:'s|\s+is)\s+for\s+(?:to\s+[a-z]|(?:a|the|my|our)\s+(?:small\s+|quick\s+)?(?:mailing|report|meeting|presentation|newsletter|board|review|deck|campaign)\b)[^.?!]*[.!]?\s*$/gi,
    "",
  ],
  [/[,;.]\s*(?:because\s+)?(?:i|we)\s+must\s+[a-z][^.?!]*[.!]?\s*$/gi, ""],
  // "Herr Jonas Weber", "Mrs. Hannah Becker": a courtesy title before a name.
  [/\b(?:Herr|Frau|Mrs?\.?|Ms\.?)\s+(?=\p{Lu}\p{Ll})/gu, ""],
  // False friends: "we have become a part payment" (received), "payable until 30.12." (by), "the actual number"
  // (current), "a new calculation" (an invoice), "book it as paid" (mark), "set the deal on won" (to).
  [/\b(we|i)\s+(?:have|had)\s+become\s+(?=an?\s|the\s)/gi, "$1 received "],
  [/\buntil\s+when\s+/gi, "when "],
  [/\b(payable|due)\s+until\s+/gi, "due "],
  [
    /\bexpect\s+(?:the|their)\s+signature\s+(?:from\s+(.+?)\s+)?until\s+/gi,
    (_: string, who?: string) => `${who ? `expect ${who} to ` : "expect to "}close by `,
  ],
  [/\bthe\s+actual\s+(?=(?:tele)?phone|e-?mail|address|title|number|contact)/gi, "the "],
  [/\btelephone\b/gi, "phone"],
  [/\b(?:our|the)\s+calculation\s+(?:of|for)\s+/gi, ""],
  [/\b(?:a\s+new|our|the|this)\s+calculation(s?)\b/gi, (m: string) => m.replace(/calculation/i, "invoice")],
  [/\bbook\s+(it|this|that|them)\s+as\s+paid\b/gi, "mark $1 as paid"],
  [/\bset\s+(the\s+\w+|it)\s+on\s+(won|lost|closed|paid)\b/gi, "set $1 to $2"],
  [/[,.!]?\s*\bthank\s+you\s+in\s+advance\b[.!]*/gi, ""],
  // "she is the Head of Purchasing, so Head of Purchasing": a word said again in English after ", so".
  [/\b(\p{Lu}[\p{L}-]*(?:\s+(?:of|and|for|the|\p{Lu}[\p{L}-]*)){0,4}),\s+so\s+\1\b/gu, "$1"],
  // "write a new invoice to Northwind over 4.250,00 EUR": make one, for that amount.
  [/\b(?:write|prepare|make|do)\s+(?:us\s+)?(an?)\s+(new\s+)?(invoice|bill)\b/gi, "create $1 $2$3"],
  [
    /(\b(?:create|raise|new|draft|issue)\b[^?]*?\b(?:invoice|bill|deal)\b[^?]*?)\bover\s+(?=[$€£]?\s?\d[\d.,]*\s*(?:k\b|usd|eur|gbp|chf|euros?|dollars?|pounds?|€|\$|£))/gi,
    "$1for ",
  ],
  // "Please make it final so it goes out": finalize it.
  [/\bmake\s+(it|this|that|them|the\s+\w+)\s+final\b/gi, "finalize $1"],
  [/\bUS-?Dollars?\b/gi, "USD"],
  // Singapore English: sentence particles ("ah", "lah", "liao", "alr"), "still havent pay", "got any", "list out", "half
  // half", "bank in 5k", "X got how many Y", "hp number", "not suitable", "can go next round", "based Singapore".
  [/\bliao\b\s*/gi, ""],
  [/^\s*the\s+one\s+(?:for|of|from)\s+(\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*)*)\s*,\s*(.+?)\s*\?*\s*$/u, "$2 for $1?"],
  [/[,.]\s*(?:i\s+|we\s+)?need\s+to\s+(?:chase|follow\s+up|call|send|check)\b[^.?!]*$/gi, ""],
  [/(?<=[?.!])\s*like\s+[^?.!]*[?.!]?\s*$/gi, ""],
  [/^\s*(?:so\s+)?far\s*,?\s+(?=which|what|how|who)/i, ""],
  [/[,;]\s*(?:they|he|she)(?:'re|\s+are)?\s+(?:asking|waiting|looking|pushing)\s+for\s+[^.?!]*/gi, ""],
  [/\s*\b(?:ah|lah|lor|leh|meh|hor|sia)\b(?=\s*(?:[,.?!]|$))/gi, ""],
  [/\balr\b/gi, "already"],
  [/\b(?:still\s+)?(?:havent|haven't|have\s+not|never|not\s+yet|didn't|didnt)\s+pay(?:\s+yet)?\b/gi, "still unpaid"],
  [/\bgot\s+any\b/gi, "any"],
  [/\blist\s+(?:them\s+)?out\b/gi, "list them"],
  [/\bhalf[\s-]half\b/gi, "part-paid"],
  [/\bbank(?:ed)?\s+in\s+(?=[$€£]?\d)/gi, "paid "],
  [/\bsequnce\b/gi, "sequence"],
  [/\bcandidtes?\b/gi, (m: string) => (/s$/i.test(m) ? "candidates" : "candidate")],
  [
    /^\s*(?:the\s+)?(.+?)\s+got\s+how\s+many\s+([\w-]+)(?:\s+(?:inside|altogether|in\s+total|now|already|so\s+far))*\s*[?.!]*\s*$/i,
    (_: string, what: string, who: string) => `how many ${who} ${/\b(?:sequence|campaign|flow)\b/i.test(what) ? "are in" : "for"} the ${what}?`,
  ],
  [/\bhp\s+(?:no\.?|number|num)\b/gi, "phone number"],
  [/\s+not\s+suitable\b(?:\s+for\s+(?:us|the\s+role))?\s*,\s*(?=reject\b)/gi, ", "],
  [/\bcan\s+(?:go|move|proceed)\s+(?:to\s+)?(?:the\s+)?next\s+(?:round|stage)\b/gi, "move to the next stage"],
  [/^\s*(.{3,80}?)\s+can\s+(?:move|go)\s+(?:to|into)\s+(?=[\w-]+\b)/i, "move $1 to "],
  [/\bbased\s+(?!in\b|at\b|out\b|on\b)(?=\p{Lu})/gu, "based in "],
  [/\b(?:on\s+)?(?:a\s+)?contract\s+basis\b/gi, "contract"],
  [/\s+how\s*\?\s*(?=\S)/gi, "? "],
  [
    /\b(?:she|he|they)\s+(?:is|are|was)\s+a\s+referral\b(?:\s+(?:from|by|via)\s+(?:one\s+of\s+)?(?:our\s+|the\s+|a\s+|an\s+|my\s+)?[\w-]+(?:\s+(?:team|office|colleague|friend))?)?/gi,
    "source is referral",
  ],
  [
    /^(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)\s*[-–—]\s*the\s+one\s+(?:at|from|with)\s+([^,—–]+?)\s*(?:,\s*not\s+the\s+other\s+one\s*)?[-–—]\s*(change|set|move|update|make)\s+(?:her\s+|him\s+|them\s+)?(?:to|as)\s+/u,
    "$3 $1 at $2 to ",
  ],
  // Sales-speak: "EB", "net new", "new logo!!", "ACV", "loop X into the sequence", "where did we land with X", "tally up
  // everything we've closed-won", "net 30", "lmk what's left", "that's my shortlist for the review".
  [/\s+and\s+i\s+(?:do\s+not|don't|dont)\s+want\s+to\s+(?:get\s+)?(?:blindsided|caught\s+out|surprised|caught\s+off\s+guard)\b[^.?!]*/gi, ""],
  [/^\s*before\s+i\s+(?:loop\s+in|ping|call|meet|email|ring)\s+/i, ""],
  [/(\p{Lu}[\p{L}&-]*(?:\s+\p{Lu}[\p{L}&-]*)*)['’]s\s+(?:EB|economic\s+buyer|champion)\b(?:\s+on\s+the\s+[\w\s-]{2,30}?(?=\s*(?:\.{2,}|…|[,;:—–-])))?/gu, "$1"],
  [/(?<=[?.])\s*open\s*(?:\+|and|&)\s*(?:late|overdue)(?:,?\s*all\s+of\s+it)?\s*[.!]*\s*$/gi, ""],
  [/\b(wired|sent|paid|transferred|remitted)\s+(?:over\s+)?another\s+/gi, "$1 "],
  [/[,;.]\s*still\s+(?:a\s+)?partial(?:\s+payment)?\b/gi, ""],
  [/\s+and\s+(?:lmk|let\s+me\s+know)\s+what(?:'s|\s+is)\s+(?:left|remaining|outstanding)(?:\s+on\s+it)?\s*[.!]*\s*$/gi, ""],
  [/^\s*(?:new\s+logo|big\s+win|we\s+got\s+one)\s*!+\s*/i, ""],
  [/\b(?:(?:on\s+)?(?:our\s+|the\s+)?(?:usual|standard|normal)\s+)?net\s*-?\s*(\d{1,3})(?:\s+days?)?(?:\s+(?:from\s+today|terms))?\b/gi, "due in $1 days"],
  [/(?<=[?.!])\s*(?:i\s+)?need\s+(?:the\s+|its\s+)?(?:stage|amount|value|close|expected\s+close)\b[^.?!]*[.!]?\s*$/gi, ""],
  [/\btally\s+up\s+/gi, "total "],
  [/\b(?:everything|all)\s+(?:we've|we\s+have|we)\s+closed[\s-]*won\b(?:\s+so\s+far)?(?:\s+across\s+all\s+(?:deals|opps))?/gi, "all won deals"],
  [/\bsplit\s+by\s+currency\s+if\s+it(?:'s|\s+is)\s+mixed\b/gi, "by currency"],
  [/\bpull\s+(?:everyone|everybody|all\s+(?:the\s+)?(?:contacts|people))\s+(?=tagged\b)/gi, "list contacts "],
  [/[,;]\s*that(?:'s|\s+is)\s+(?:my|our|the)\s+[^.?!]*[.!]?\s*$/gi, ""],
  [/\bnet[\s-]+new\b/gi, "new"],
  [/\b(opp|opportunity|deal)\s+for\s+you\s*:/gi, "$1:"],
  [/\b(\d[\d,.]*\s?k?)\s+ACV\b/g, "$1"],
  [/\b(?:landed|came\s+in|got\s+added)\s+(?=in(?:to)?\s+the\s+(?:crm|system)\b)/gi, "added "],
  [
    /\bloop\s+(.+?)\s+(?:into|in\s+on|in\s+to|onto)\s+(?=(?:the\s+)?["“]?[\w-]+(?:\s+[\w-]+){0,4}["”]?\s+(?:sequence|campaign|cadence|flow|drip)\b)/gi,
    "enroll $1 in ",
  ],
  [/^\s*where\s+did\s+we\s+land\s+(?:with|w\/)\s+([^?]+?)\s*\?\s*$/i, "what stage is $1 in?"],
  [/\bstraight\s+(?=in(?:to)?\b)/gi, ""],
  [
    /^\s*(\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*)*)\s+(?:have\s+|has\s+)?(?:just\s+)?(?:signed(?:\s+up)?|came\s+on\s+board|said\s+yes)\s*[.!]+\s*(?:please\s+|pls\s+)?(bill|invoice)\s+them\b/u,
    "$2 $1",
  ],
  [/[,;]\s*(?:the\s+)?(?:discovery|intro|demo|first|kick-?off)\s+call\s+went\s+(?:great|well|fine|ok|okay|really\s+well|brilliantly)\b[^.?!]*/gi, ""],
  [/^\s*where\s+did\s+we\s+land\s+(?:with|w\/)\s+(.+?)\s*\?\s*what\s+stage\s+(?:is|are)\s+(?:he|she|they)\s+(?:in|at)\b/i, "what stage is $1 in"],
  [
    /\b(?:got|have|had)\s+a\s+referral\s+for\s+(?:my|our|the)\s+(.{2,40}?)\s+from\s+(?:my|our|the)\s+(?:old\s+|former\s+|previous\s+)?[\w-]+(?:\s+team)?\s*(?=[—–:,]|\s-\s)/gi,
    "a referral for the $1 ",
  ],
  // A retired treasurer's letters: "I should like to know", "I wonder if you might tell me", "would you be so good as to
  // list for me", "the chaps at Globex", "our address book", "on our books", "gone beyond their due date without being
  // paid", "the sales chart", "a column headed 'Proposal'", "taken on", "put themselves forward", and the remarks after
  // the question ("If you could give me their numbers ...", "The number alone will do", "as the pounds and dollars do
  // not mix in my ledger").
  [/\b(?:and\s+)?I\s+should\s+(?:like|love)\s+to\s+know\s+/gi, "tell me "],
  [/\b(?:have|has)\s+decided\s+not\s+to\s+(?:go|take\s+(?:it|things|matters))\s+any\s+further\s+with\s+/gi, "want to reject "],
  [/\brecord\s+that\s+(?:the|his|her|their)\s+application\s+has\s+been\s+turned\s+down\b/gi, "reject them"],
  [/\bmark\s+(her|him|them)\s+as\s+turned\s+down\b/gi, "reject $1"],
  [/(?<=\b(?:stage|status|round|step|column|won|lost|hired|rejected|paid))\s+accordingly\b(?=\s*[.!?]|\s*$)/gi, ""],
  [/(?<=[.?!])\s*I\s+shall\s+(?:write|tell|let|ring|call|send)\b[^.?!]*[.?!]?\s*$/gi, ""],
  [/^\s*it\s+gives\s+me\s+no\s+pleasure\s+to\s+say\s+(?:so|this|it)\s*,?\s*(?:but\s+)?/i, ""],
  [/^\s*I(?:'m|\s+am)\s+(?:so\s+)?sorry\s+to\s+(?:trouble|bother)\s+you\b[^.?!]*[.?!]\s*/i, ""],
  [/^\s*(?:do\s+)?put\s+the\s+kettle\s+on\s*[:!,.—–-]\s*/i, ""],
  [/(?<=[.?!])\s*the\s+other\s+[^.?!]*\bleave\s+(?:that|it|them)\s+be\b[^.?!]*[.?!]?/gi, ""],
  [/,?\s*there(?:'s|\s+is)\s+a\s+(?:dear|love|good\s+(?:chap|girl|lad))\b/gi, ""],
  [/\bI\s+wonder\s+(?:if|whether)\s+you\s+might\s+(?=tell|give|list|let|look|count|show|check)/gi, "I wonder whether you could "],
  [/\b(?:would|could)\s+you\s+be\s+so\s+(?:good|kind)\s+as\s+to\s+/gi, "please "],
  [/\bmight\s+you\s+(?=give|tell|list|show|count|look)/gi, "please "],
  [/\b(?:list|tell|give|show)\s+for\s+me\b/gi, (m: string) => m.replace(/\s+for\s+me/i, "")],
  [/\bthe\s+(?:chaps|people|folk|folks|gentlemen|ladies|lot)\s+(?:at|from|over\s+at)\s+(?=\p{Lu})/gu, ""],
  [/\b(?:in|on)\s+our\s+address\s+book\b/gi, "in our contacts"],
  [/\b(?:to|into)\s+our\s+address\s+book\b/gi, "as contacts"],
  [/\baddress\s+book\b/gi, "contacts"],
  [/\bthe\s+people\s+we\s+have\s+on\s+our\s+books\s+at\b/gi, "the contacts at"],
  [/\s+on\s+our\s+books\b/gi, ""],
  [/\b(?:have\s+)?(?:now\s+)?gone\s+(?:beyond|past)\s+their\s+due\s+date(?:\s+without\s+being\s+paid)?/gi, "are overdue"],
  [/\bsales\s+chart\b/gi, "pipeline"],
  [/\b(?:a|the)\s+column\s+(?:headed|called|marked|labelled)\s+["'‘“]?([\w -]{2,30}?)["'’”]?(?=[\s.,?!]|$)/gi, "the $1 stage"],
  [/\b(?:sitting\s+)?in\s+that\s+column\b/gi, "in that stage"],
  [/\b(?:show|mark|record)\s+(her|him|them)\s+(?:in\s+the\s+records\s+)?as\s+taken\s+on\b/gi, "mark $1 as hired"],
  [/\bput\s+themselves\s+forward\s+for\b/gi, "applied for"],
  [
    /(?<=[.?!])\s*(?:if\s+you\s+could|could\s+you|would\s+you|please)\s+(?:give|let)\s+me\s+(?:have\s+)?(?:their|the|its)\s+(?:numbers?|names?|figures?)\b(?!\s+of\s+(?:everyone|everybody|all|every|each|anyone|those|the\s+\w+s)\b)[^.?!]*[.?!]?/gi,
    "",
  ],
  [/(?<=[.?!])\s*(?:please\s+)?(?:give|show|tell)\s+(?:it|them|that)\s+to\s+me\b[^.?!]*[.?!]?\s*$/gi, ""],
  [
    // (The sign-off word in any case, the name in capitals: ". kindly reject" is a request.)
    /(?<=[.?!])\s*(?:[Kk]indly|[Mm]any\s+thanks|[Tt]hanks|[Tt]hank\s+you|[Ww]arm(?:est)?\s+regards|[Kk]ind\s+regards|[Bb]est(?:\s+wishes)?|[Yy]ours(?:\s+sincerely|\s+truly)?|[Rr]egards)\s*,?\s*\p{Lu}\p{Ll}+\.?\s*$/gu,
    "",
  ],
  [/(?<=[.?!])\s*I\s+(?:believe|think|gather)\s+some\s+of\s+it\s+is\s+in\s+[^.?!]*[.?!]?/gi, " By currency."],
  [/,?\s*and\s+I\s+would\s+(?:much\s+)?rather\s+have\s+the\s+figure\s+in\s+front\s+of\s+me\b[^.?!]*/gi, ""],
  [/(?<=[.?!])\s*the\s+(?:number|figure|total|names?)\s+alone\s+will\s+do\b[^.?!]*[.?!]?/gi, ""],
  [/(?<=[.?!])\s*please\s+give\s+it\s+to\s+me\s+currency\s+by\s+currency\b[^.?!]*[.?!]?/gi, " By currency."],
  [/(?<=[.?!])\s*(?:the\s+)?(?:accountant|bank|auditor|nephew)\s+(?:likes|wants|needs|prefers)\s+it\s+split\s+by\s+currency\b[^.?!]*[.?!]?/gi, " By currency."],
  // A distributor's ledger talk: "who's 60+ days on us" (overdue that long), "what are they into us for all told" (what
  // they owe), "sat in draft that nobody's issued" (a draft), "knocked back" (rejected), "haggling" (negotiation).
  [
    /\b(?:who(?:'s|\s+is|\s+are)|which\s+(?:clients|customers|accounts)\s+are)\s+(?:over\s+|more\s+than\s+)?(\d+)\s*\+?\s*days?\s+(?:on\s+us|overdue|late|past\s+due|behind)\b/gi,
    "which clients are more than $1 days overdue",
  ],
  [
    /(?<=[?.!])\s*(?:just|only)\s+(?:the\s+)?(?:accounts|clients|customers|names|companies)(?:\s+(?:over|above)\s+\d+(?:\s*days)?)?(?:\s+please|\s+pls)?\s*[.!]*\s*$/gi,
    "",
  ],
  [
    /^\s*(?:i'?m\s+|we'?re\s+)?(?:thinking|thinkin)\s+(?:of|about)\s+(?:putting\s+)?(?:a\s+(?:credit\s+)?hold|(?:them\s+)?on\s+stop|a\s+stop)\s+(?:on\s+)?([\w&'’-]+(?:\s+[\w&'’-]+)?)\s*[.,;:—–-]\s*/i,
    "$1, ",
  ],
  [/\ball\s+told\b/gi, "in total"],
  // "new territory rep is taking over stark — who've we got there": the account taken over is the topic.
  [
    /^[^.?!—–]*?\b(?:is|are|'s|'re)\s+(?:taking\s+over|looking\s+after|covering|handling|inheriting)\s+(?:the\s+)?([\w&'’-]+(?:\s+[\w&'’-]+)??)(?:\s+account)?\s*(?=[—–:]|\s-\s|[.,]\s)/i,
    "$1",
  ],
  [/\b(?:a\s+)?credit\s+hold\b/gi, "a hold"],
  [/\b(?:sat|sitting|lying)\s+(?=in\s+(?:draft|drafts|the\s+drafts)\b)/gi, ""],
  [
    /\s*,?\s*(?:that|which)\s+(?:nobody|no\s+one|noone|no-one)(?:'s|\s+has|\s+have)\s+(?:issued|sent|raised|finali[sz]ed|sent\s+out)(?:\s+(?:yet|out))?\b/gi,
    "",
  ],
  [/\bknock(?:ed|ing)?\s+back\b/gi, "rejected"],
  [/\bknock\s+(him|her|them)\s+back\b/gi, "reject $1"],
  [
    /\bhow\s+many\s+(?:have|did)\s+we\s+(rejected|reject|hired|hire|interviewed|screened)\b/gi,
    (_: string, verb: string) => `how many candidates have we ${verb.replace(/(?<!e)$/, "ed").replace(/ee?d$/, "ed")}`,
  ],
  [/\b(?:the\s+)?([\w-]+)\s+stage\s*[—–,-]+\s*([\w-]+)\s+i\s+mean\b/gi, "the $2 stage"],
  [/\bhaggling\b/gi, "negotiation"],
  // "put him through to the second round", "ken thompson's a no for the AE job": moved on; rejected.
  [/\bput\s+(him|her|them)\s+through\s+to\s+(?:the\s+)?(?:second|2nd|next|final)\s+(?:round|stage|interview)s?\b/gi, "move $1 to interview"],
  [/\b(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)['’]s\s+a\s+(?:no|nope|pass|no-go|hard\s+no)\b/giu, "reject $1"],
  // "a forklift driver for the reno warehouse": where the job is.
  [
    /\bfor\s+(?:the|our)\s+(\p{L}[\p{L}-]+)\s+(?:warehouse|depot|site|branch|plant|store|yard|distribution\s+centre|distribution\s+center|dc)\b/giu,
    "based in $1",
  ],
  // "add marco diaz to it as the first applicant": first is no value.
  [/\s+as\s+(?:the|our|its)\s+(?:first|1st|initial|very\s+first)\s+(?:applicant|candidate|hire|person)\b/gi, ""],
  // "initech want pricing on 40 pallet jacks, call it 36k, should land end of jan. put it in the pipeline": a new deal.
  [
    /^(.{8,200}?)[.;,]\s*(?:please\s+|pls\s+|can\s+you\s+)?(?:put|stick|pop|add|log|get)\s+(?:it|this|that)\s+(?:in|on|into)\s+(?:the\s+)?(?:pipeline|pipe|crm)\s*[.!]*\s*$/i,
    "add a deal: $1",
  ],
  [/\bcall\s+it\s+(?=(?:about\s+|around\s+|roughly\s+)?[$€£]?\d[\d,.]*\s?k?\b)/gi, "value "],
  [
    /\b(?:should|will|might|could)\s+(?:land|close|sign|come\s+in)\s+(?:by\s+|at\s+|around\s+|in\s+|for\s+)?(?=end|the|next|this|early|mid|late|\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/gi,
    "closing ",
  ],
  // "new buyer at globex — priya nair, head of purchasing, ...": a new contact there (the role said is no title).
  [/^\s*(?:a\s+|our\s+)?new\s+(?:buyer|contact|person|starter|joiner|guy|lady|fella|rep|purchaser)\s+(at|for|with|from)\s+/i, "new contact $1 "],
  [/[.,;]\s*(?:please\s+|pls\s+)?get\s+(?:him|her|them)\s*[.!]*\s*$/i, ""],
  // "stark's buyer rang, the annual support plan invoice has been paid in full — mark it off": marked paid.
  [
    /\bmark\s+(it|that|this|them)\s+off\b/gi,
    (m: string, what: string, ...rest: unknown[]) => (/\b(?:paid|settled|cleared|came\s+in)\b/i.test(String(rest.at(-1))) ? `mark ${what} as paid` : m),
  ],
  [
    /^\s*([\p{L}&-]+(?:\s+\p{Lu}[\p{L}&-]*)?)['’]s\s+(?:buyer|ap\s+(?:team|lady|guy)|accounts\s+(?:team|person)|finance\s+(?:team|person)|office|pa|assistant|manager|contact|coordinator)\s+(?:rang|called|phoned|rung|emailed|wrote|got\s+in\s+touch)\s*[,;:.—–-]\s*(the\s+(?=(?:[\w-]+\s+){0,4}(?:invoice|bill|deal)\b))?/iu,
    (_: string, who: string, the?: string) => (the ? `the ${who} ` : ""),
  ],
  // "globex sent £2,000 on account against their sterling invoice, post it please": a payment on it.
  [/\s+on\s+account\s+(?=against|towards|for|on)/gi, " "],
  [/\b(?:sent|wired|transferred|remitted)\s+((?:[$€£]\s?)?\d[\d,.]*\s?k?(?:\s?(?:usd|eur|gbp))?)\s+(?:against|towards|for|on)\s+/gi, "paid $1 on "],
  [/\bsterling\s+(invoice|bill)/gi, "GBP $1"],
  [/[,;.]\s*(?:please\s+|pls\s+)?post\s+(?:it|that|this|the\s+payment|them)(?:\s+(?:please|pls))?\s*[.!]*\s*$/gi, ""],
  [/\bthe\s+one\s+(?:they|he|she)\s+(?:still\s+)?(?:owe|owes)(?:\s+us)?\b/gi, "their invoice"],
  // "asked for more time on the one they owe. give them till the end of next month": a new due date.
  [/\b(?:give|let)\s+(?:them|him|her)\s+(?:until|till|til|'til|up\s+to)\s+(?=the\b|next\b|end\b|\d|[A-Z])/g, "change the due date to "],
  // "hooly signed the PO for the data migration — book it, that one's won": the order is the deal won.
  [/\bsigned\s+(?:the|a|their|our)\s+(?:PO|purchase\s+order|contract|order|paperwork)\s+(?=for\b)/gi, "signed "],
  [/\s*[,;—–-]\s*book\s+(?:it|the\s+order|that)(?:\s+in)?\s*(?=[,;.—–-]|$)/gi, ""],
  [/\bthat\s+one(?:'s|\s+is)\s+(won|lost)\b/gi, "mark it $1"],
  // "the gringots draft ... got raised twice by mistake, bin it": a duplicate.
  [
    /^\s*(the\s+.+?)\s+(?:got|was|has\s+been)\s+(?:raised|created|entered|sent|issued|added|booked)\s+twice(?:\s+by\s+mistake|\s+in\s+error)?\s*[,;.—–-]\s*(?:so\s+)?(?:please\s+|pls\s+)?(?:bin|delete|remove|scrap|kill|drop|get\s+rid\s+of)\s+(?:it|that|this|the\s+duplicate|the\s+copy)\b/i,
    "delete $1",
  ],
  [/\bbin\s+(it|that|this|them)\b/gi, "delete $1"],
  [/\bwho(?:'ve|\s+have|\s+do)\s+we\s+(?:got|have)\s+(?:on\s+file\s+|in\s+the\s+(?:crm|system)\s+)?(?=there\b)/gi, "which contacts do we have "],
  [/(?<=[?.!])\s*names\s+(?:please|pls|only)\s*[.!]*\s*$/gi, ""],
  // An events venue's enquiries and a contractor's bids and tenders: deals ("they're saying award end of feb": close).
  [/\b(?:enquir(?:y|ies|es)|inquir(?:y|ies))\b/gi, (m: string) => (/ies$|es$/i.test(m) ? "deals" : "deal")],
  [
    /(?<=\b(?:the|a|new|our|their|any|which|biggest|largest|open|won|this|that|[A-Z][\w&'’-]*|[a-z]+-?[a-z]*)\s)(?:bid|tender)(s?)\b(?!\s+(?:for|on)\s+(?:a|an|the)\s+(?:job|role))/gi,
    "deal$1",
  ],
  [/^(?:bids|tenders)\b/gi, "deals"],
  [/\b(?:they're|they\s+are)\s+saying\s+award\s+/gi, "closing "],
  [/\bvaluation(s?)\b/gi, "invoice$1"],
  // "how much do they still owe us from previous events": every invoice of theirs, whatever it was for.
  [
    /\s+(?:from|for|on|across)\s+(?:all\s+)?(?:previous|past|earlier|old|prior|our\s+past|last\s+year['’]s)\s+(?:events|jobs|work|bookings|projects|orders|parties|weddings|conferences)\b/gi,
    "",
  ],
  // "oscorp's coordinator has gone quiet on me": the client, told by someone of theirs.
  [
    /^(\s*[\p{L}&-]+(?:\s+\p{Lu}[\p{L}&-]*)?)['’]s\s+(?:coordinator|contact|buyer|ap\s+team|accounts\s+team|finance\s+team|office|pa|assistant|manager|person|people|team|lady|guy)\s+(?=(?:has|have|is|are|was|were|keeps|went|just)\b)/iu,
    "$1 ",
  ],
  [/\bthier\b/gi, "their"],
  [/\bpipline\b/gi, "pipeline"],
  // "Katherine Johnson smashed the interview so please move them to offer, and Alan Turing isn't the right fit so
  // reject them": each change, said of the one named.
  [
    /\b(\p{Lu}\p{Ll}+\s+\p{Lu}[\p{L}'’-]+)\s+(?!(?:at|from|for|to|and|or)\b)[^,.;!?]{2,60}?\s+so\s+(?:please\s+|pls\s+|can\s+you\s+)?(move|reject|hire|advance|bump|mark|put)\s+(?:them|him|her)\b/gu,
    "$2 $1",
  ],
  // "the "Support upgrade" one ... move it to Negotiation": a deal named in quotes.
  [/\bthe\s+(["“][^"“”]{2,60}["”])\s+one\b(?=[\s\S]*\b(?:negotiation|proposal|qualified|won|lost|deal|enquiry|bid|stage)\b)/gi, "the $1 deal"],
  // "Add a new contact for me - Priya Raman, ...": for whom is the one asking.
  [/\b((?:add|create|set\s+up|log)\s+(?:a\s+)?(?:new\s+)?(?:contact|candidate|account|deal|invoice|job))\s+for\s+me\b/gi, "$1"],
  // "Leo Andersen at Stark has been made their Events Manager (...) - update the job title on their contact": the new title.
  [
    /^\s*(\p{Lu}\p{Ll}+\s+\p{Lu}[\p{L}'’-]+(?:\s+(?:at|from)\s+\p{Lu}[\w&'’-]*(?:\s+\p{Lu}[\w&'’-]*)*)?)\s+(?:has\s+been|was|got|is\s+now|has\s+just\s+been)\s+(?:made|promoted\s+to|appointed(?:\s+as)?|named)\s+(?:their|the|our|a|an)?\s*((?:\p{Lu}[\p{L}&-]*|of|and|for)(?:\s+(?:\p{Lu}[\p{L}&-]*|of|and|for)){0,5})\s*(?:\([^)]*\))?\s*(?:[-–—,.!]\s*)*(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)?(?:update|change|fix|set)\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:job\s+)?title\b[^?]*?[.!?]*\s*$/u,
    "set the title of $1 to $2",
  ],
  // "... . Put her in as a lead": her lifecycle stage, said after.
  [
    /[.,;]\s*(?:please\s+|pls\s+)?(?:add|put|mark|set)\s+(?:her|him|them)\s+(?:in\s+|down\s+)?as\s+an?\s+(lead|subscriber|customer|prospect|opportunity|evangelist)\b[.!]*/gi,
    ", as a $1.",
  ],
  // ("at the mo", spelt out as "at the months" by the shorthand: now.)
  [/\s*\bat\s+the\s+mo(?:nths)?\b(?!\s+(?:of|before|after|end))/gi, ""],
  // "a Front of House Supervisor for weekends and evening events": when the role works, not what it is.
  [
    /\s+for\s+(?:the\s+)?(?:weekends?|evenings?|nights?|weekdays?)(?:\s+(?:and|&|or)\s+(?:weekends?|evenings?|nights?|weekdays?))?(?:\s+(?:events|shifts|work|cover))?\b/gi,
    "",
  ],
  // "based at the venue in Bath": the town is where.
  [/\bbased\s+at\s+the\s+(?:venue|office|site|hotel|clinic|branch|store|warehouse|depot|studio)\s+in\s+/gi, "based in "],
  // "anyone at offer stage on any of the roles?": the candidates in that stage.
  [/^\s*(?:is\s+there\s+)?any(?:one|body)\s+(?:at|in)\s+(?:the\s+)?([a-z]+)\s+stage\b/i, "which candidates are in $1 stage"],
  [/\s+(?:on|for|in|across)\s+any\s+of\s+(?:the|our)\s+(?:roles|jobs|positions|openings|reqs|vacancies)\b/gi, ""],
  // "what roles have we got advertised": the open ones.
  [/\b(?:have\s+we\s+got|do\s+we\s+have|we['’]ve\s+got|have\s+we|are\s+we)\s+advertis(?:ed|ing)\b/gi, "are open"],
  [
    /[,.;]?\s*\b(?:i\s+)?(?:don['’]?t|do\s+not)\s+care\s+about\s+(?:the\s+ones|those|anyone)\s+(?:we(?:['’]ve)?\s+)?(?:binned|rejected|turned\s+down|passed\s+on|declined)\b[.!]*/gi,
    "",
  ],
  // "need a site foreman full time based in Manchester, get a job ad up", "We need a Front of House Supervisor ... Can
  // you open up the job please?": a job to post, for that role.
  [
    /^\s*(?:we\s+|i\s+)?need\s+an?\s+(.+?)[,.;]?\s+(?:(?:can|could)\s+you\s+|please\s+)?(?:get|put|open(?:\s+up)?|post|create|advertise)\s+(?:up\s+)?(?:a\s+|the\s+)?(?:job\s+)?(?:ad|advert|posting|listing|job|role|position|vacancy)(?:\s+(?:up|out))?(?:\s+please)?\s*[?.!]*\s*$/i,
    "post a job: $1",
  ],
  // "How much money has Wayne Enterprises still to pay to us": what they owe.
  [/\bhow\s+much\s+(?:money\s+)?(?:has|have|does)\s+(.+?)\s+(?:still\s+)?(?:got\s+)?to\s+pay(?:\s+(?:to\s+)?us)?\b/gi, "how much does $1 still owe"],
  // "do we expect the signature from Hooli Cloud for their deal": when it is expected to close.
  [/\bdo\s+we\s+expect\s+(?:the|their)\s+signature\s+from\s+(.+?)\s+for\s+(?:their|the)\s+deal\b/gi, "is $1's deal expected to close"],
  // "For the X position we have a new candidate: Name, ... Please put him into the system.": one to add.
  [/\bwe\s+have\s+(?:got\s+)?a\s+new\s+(candidate|applicant|contact)\s*:\s*/gi, "add a new $1: "],
  [/[.,;]?\s*(?:please\s+)?(?:put|enter|add)\s+(?:him|her|them|it)\s+(?:in|into)\s+(?:the\s+)?(?:system|crm|database)\b[.!]*/gi, ""],
  // "Two things on the backend engineer hire: ...": how many requests follow, no figure.
  [/^\s*(?:two|three|2|3|a\s+couple\s+of)\s+things(?:\s+(?:on|about|re|for)\s+[^:]{1,60})?\s*:\s*/i, ""],
];

/** How people at a desk say what the API calls otherwise: "job ads", "logos", "in flight", "getting the X emails". */
const SHOP_TALK_REWRITES: Rewrite[] = [
  // "office mgr wants to know what stage ...", "finance would like to know how much ...": the question relayed.
  // ("Our finance committee meets on Thursday and the treasurer will want to know: how many ...": with its occasion.)
  [
    /^(?:[^?:.!]{0,120}?\s)?(?:wants|wanted|will\s+want|would\s+like|'ll\s+want|needs|needed|will\s+need|asked|is\s+asking|asks|was\s+asking)\s+to\s+know\s*[:,–—-]?\s+(?=(?:how|what|which|who|when|where|whether|if)\b)/i,
    "",
  ],
  // "cash check, am I on track? how much is outstanding ...": a heading and a worry before the question.
  [
    /^\s*(?:(?:quick\s+)?(?:cash|sanity|reality|health|pipeline|numbers)\s+check\s*[,:!—–-]\s*)?(?:am\s+i|are\s+we)\s+(?:on\s+track|ok(?:ay)?|doing\s+ok(?:ay)?)\s*\?\s*/i,
    "",
  ],
  [/^\s*(?:quick\s+)?(?:cash|sanity|reality|health|pipeline|numbers)\s+check\s*[,:!—–-]\s*/i, ""],
  // "my accountant is asking which of my client companies are in the US": the question relayed, asked as it was.
  // ("Hooli is asking when ...": who asks is the question's subject, and stays.)
  [
    /^(?:[Mm]y|[Oo]ur|[Tt]he|[Hh]is|[Hh]er|[Tt]heir)\s+[a-z][^?:.!A-Z]{0,50}?\s(?:is|was|keeps|'s)\s+asking(?:\s+me)?\s+(?=(?:how|what|which|who|when|where|whether|if)\b)/,
    "",
  ],
  // "... are in the US. which ones are?": the question asked again, shorter.
  // (Only after a question: "Mark would like to ring the companies ... Which ones are they?" asks it.)
  [
    /(?<=[.?!])\s*(?:so\s+)?which\s+ones?\s+(?:are|is)(?:\s+(?:they|those|it))?\s*\??\s*$/i,
    (said: string, ...rest: string[]) => (/\b(?:which|what|who|how\s+many)\b/i.test(String(rest.at(-1)).slice(0, Number(rest.at(-2)))) ? "" : said),
  ],
  // "quick one before lunch service - how many ...": a heading before the question.
  // ("Quick one before my 1:1 with the CEO — ...": a colon between figures is no heading's end.)
  [/^\s*quick\s+(?:one|q|question|check)\b(?:[^-–—:?]|:(?=\d)){0,60}?\s*(?:[-–—]|:(?!\d))\s*/i, ""],
  // "thank goodness", "thankfully": relief, said in passing.
  [/[,;]?\s*\b(?:thank\s+(?:goodness|god|heavens)|thankfully|phew|finally)\b[,!]?/gi, ""],
  // "... before it gets weird", "before things get awkward": why now, said in passing.
  [
    /[,;]?\s+before\s+(?:it|this|that|things|stuff|anyone|they|he|she)\s+(?:gets?|becomes?|turns?|goes|looks?|starts?|feels?|notices?)\b(?:\s+[a-z]+){0,2}(?=\s*(?:[.?!,;]|$))/gi,
    "",
  ],
  // "I don't care about the ones we already closed out": what is left out, already said by "only the live deals".
  [/[,.;]?\s*\bi\s+(?:don't|do\s+not|dont)\s+care\s+about\s+[^.?!;]*[.!]?/gi, ""],
  // "that has not yet been settled", "haven't yet been paid": not been.
  [/\b(has|have|had)\s+not\s+yet\s+been\b/gi, "$1 not been"],
  [/\b(hasn['’]t|haven['’]t|hadn['’]t)\s+yet\s+been\b/gi, "$1 been"],
  // "I do not need the ones already paid": what is left out, already said by "not yet settled".
  [
    /(?<=[.?!])\s*(?:i|we)\s+(?:don't|do\s+not|dont)\s+need\s+(?:to\s+see\s+)?the\s+ones\s+(?:that\s+are\s+|which\s+are\s+)?(?:already\s+)?[a-z]+(?:\s+or\s+[a-z]+)?\s*[.!]?/gi,
    "",
  ],
  // "job ads", "job postings": the jobs.
  [/\bjob\s+(?:ads|adverts|postings|listings|posts)\b/gi, "jobs"],
  [/\bjob\s+(?:ad|advert|posting|listing|post)\b/gi, "job"],
  // "which logos have we closed-won": customers, by the sales word for them.
  [/\blogos\b/gi, "accounts"],
  [/\bclosed[-\s]won\b/gi, "won"],
  [/\bclosed[-\s]lost\b/gi, "lost"],
  // "45k ACV", "the biggest ACV": a deal's amount, by the sales word for it.
  [/(\d\s*[km]?)\s+(?:acv|arr|tcv)\b/gi, "$1"],
  [/\b(?:carry|carries|have|has|with)\s+the\s+(biggest|largest|highest)\s+(?:acv|tcv|arr|contract\s+value|deal\s+size)\b/gi, "are the $1"],
  [/\b(?:acv|tcv|arr|contract\s+value|deal\s+size)\b/gi, "value"],
  // "which three deals are the biggest": the top three.
  [
    /^\s*(?:which|what)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?=(?:[\w-]+\s+){0,6}?(?:are|is|have|has)\s+the\s+(?:biggest|largest|highest|smallest|lowest|oldest|newest|best|worst)\b)/i,
    (_: string, n: string) => `top ${COUNT_WORDS[n.toLowerCase()] ?? n} `,
  ],
  // "drop Leo Andersen from Stark into the follow-up sequence": enrol, whoever they are.
  [
    /\b(?:drop|pop|throw|stick|slot)\s+([^,.;]+?)\s+into\s+(?=(?:the|our|a)\s+[^,.;]*\b(?:sequences?|cadences?|campaigns?|drips?|follow[-\s]?ups?)\b)/gi,
    "enroll $1 in ",
  ],
  // "roll the close date forward two weeks": push it.
  [/\broll\s+(the\s+(?:close|due|expected\s+close)\s+date|it|them)\s+(?:forward|out|over)\b/gi, "push $1"],
  // "did we land anyone for the AE role, or is that seat still empty", "did we end up landing anyone for it": hired, asked.
  [
    /\b(?:end(?:ed)?\s+up\s+)?(?:land|landed|landing|get|got|getting|find|found|finding|sign|signed|signing)\s+(anyone|anybody|someone|somebody|a\s+hire)\s+(?=for\b)/gi,
    "hire $1 ",
  ],
  [/[,;]?\s*\bor\s+is\s+(?:that|the)\s+(?:seat|role|req|position|spot|chair)\s+still\s+(?:empty|open|vacant|unfilled)\??/gi, "?"],
  // "what have we got on the go with Stark deal-wise": deals, open.
  [
    /\b(deal|invoice|candidate|contact|job|hiring|money|billing)-wise\b/gi,
    (_: string, w: string) => (w === "money" || w === "billing" ? "invoices" : w === "hiring" ? "candidates" : `${w}s`),
  ],
  [/\bon\s+the\s+go\b/gi, "open"],
  // "add Ethan Murphy to the follow up emails": the follow-up sequence.
  // ("who's still getting the follow-up emails" asks who is enrolled, read as such.)
  [
    /(?<=\b(?:add|put|enrol+|sign|stick|pop|slot|throw|get)\s+[^,.;]{2,40}?\s(?:to|in|into|onto|on)\s)the\s+follow[-\s]?up\s+(?:emails|mails|drip|emailers)\b/gi,
    "the follow-up sequence",
  ],
  // "sales said the Stark deal is in negotiation now", "finance tells me ...": who relayed it.
  [
    /^(?:(?:so|ok|okay|fyi)[,\s]+)?(?:sales|finance|hr|legal|accounting|ops|marketing|the\s+team|the\s+boss|my\s+boss|the\s+ceo|the\s+cfo|the\s+hiring\s+manager)\s+(?:said|says|tells\s+me|told\s+me|mentioned|confirmed)\s+(?:that\s+)?/i,
    "",
  ],
  // "€1,200 landed in the bank from Acme", "2k came in from Stark": a payment told, by whom.
  [
    /((?:[$€£]\s?)?\d[\d,.]*\s?(?:k\b)?(?:\s?(?:usd|eur|gbp|euros?|dollars?|pounds?))?)\s+(?:landed|came\s+in|arrived|hit\s+the\s+(?:bank|account))(?:\s+in\s+(?:the|our)\s+(?:bank|account))?\s+from\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/g,
    "$2 paid $1",
  ],
  // "..., it's for INV-21": the invoice the payment is on.
  [/[,.;]\s*(?:it'?s|it\s+is|that'?s|that\s+is|this\s+is)\s+for\s+([a-z]{2,5}-\d{1,9})\b/gi, " on $1"],
  // "the Oscorp account... what's still unpaid from them?": the topic, then the question about it.
  [
    /^\s*(?:the\s+)?([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:account|client|customer)\s*(?:\.{2,}|…|,|:|\s[-–—])\s*(?=(?:what|what's|who|who's|how|which|when|is|are|do|does|did|any|anything)\b)/i,
    "$1, ",
  ],
  // "add her as a contact: Priya Raman, ...": she is the one named after the colon.
  [/\b(add|put|enter|create|log)\s+(?:her|him|them)\s+(as\s+(?:an?\s+)?(?:new\s+)?(?:contact|candidate|applicant|lead|person))\s*:\s*/gi, "$1 $2: "],
  // "got a CV in for the Product Designer job from Priya Nair": an applicant, for that job.
  [
    /\b(?:[Gg]ot|[Rr]eceived|[Hh]ave|[Hh]ad)\s+(?:a|an)\s+(?:[Cc][Vv]|[Rr][eé]sum[eé]|[Aa]pplication)\s+(?:in\s+)?(for\s+(?:the\s+)?[^,.;]+?)\s+from\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)/g,
    "new candidate $2 $1",
  ],
  // "a friend referred her": where the candidate came from.
  [
    /\b(?:a\s+)?(?:friend|colleague|someone|somebody|an?\s+employee|one\s+of\s+(?:our|the|my)\s+\w+)(?:\s+of\s+(?:mine|ours))?\s+referred\s+(?:her|him|them)\b/gi,
    "via referral",
  ],
  // "invoice Wayne for the landing page job": what was billed for, a piece of work, not an opening.
  // ("for that rig move job": the words naming the work are one name, no verb among them.)
  [
    /(\b(?:invoice|bill|inv)\b[^.;!?]*?\bfor\s+(?:the|our|that|this|a|an)\s+)((?:[\w-]+\s+){1,3}?)(?:job|gig|role|project)\b/gi,
    (_, head: string, work: string) => `${head}${work.trim().split(/\s+/).join("-")} project`,
  ],
  // "for the website job we wrapped up last week", "the workshop we ran for them": what was billed for, and when it was done.
  [
    /(?<=\bfor\s+(?:the|our|that|this|a|an)\s+(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:that\s+|which\s+)?(?:we|i)\s+(?:just\s+|finally\s+)?(?:wrapped\s+up|finished|did|delivered|ran|completed|shipped|built|held|hosted|ran)\b(?:\s+(?:(?:for|to)\s+(?:them|him|her)|them|him|her|last\s+(?:week|month|night|friday|monday|tuesday|wednesday|thursday)|yesterday|today|this\s+(?:week|month|morning)|on\s+\w+day))*/gi,
    "",
  ],
  // "can you put a job up", "put up a req": post one.
  [/\bput\s+(?:up\s+)?(?:a|an)\s+(?:new\s+)?(job|role|req|opening|position|posting|listing|ad)(?:\s+up)?\b/gi, "create a job"],
  // "we need a freelance motion designer for a couple of months, can you create a job?": the job is who is needed.
  [
    /^\s*(?:so\s+)?(?:we|i)\s*(?:need|want|'re\s+looking\s+for|are\s+looking\s+for|are\s+hiring|'re\s+hiring)\s+(?:a|an)\s+((?:[\w-]+\s+){0,3}?[\w-]+)(?:\s+for\s+[^,.;?]+)?\s*[,.;]\s*(?:so\s+)?(?:can\s+you\s+|could\s+you\s+|please\s+)?(?:create|post|open|add)\s+(?:a|the|one)\s+(?:new\s+)?(?:job|role|req|opening)\b\s*\??/i,
    // ("a part-time bookkeeper": how they are employed is no part of the title.)
    (_: string, who: string) => {
      const kind = /^(?:(full|part)[-\s]time|contract|freelance|temporary|temp)\s+/i.exec(who);
      const title = kind ? who.slice(kind[0].length) : who;
      return `create a job called "${title}",${kind ? ` ${kind[1] ? `${kind[1]} time` : kind[0].trim().toLowerCase() === "freelance" ? "contract" : kind[0].trim()},` : ""}`;
    },
  ],
  // "fully remote", "100% remote": remote.
  [/\b(?:fully|100%|completely|totally|entirely)\s+(?=remote\b)/gi, ""],
  // "how much $$ are ppl still owing us": money owed to us, by anyone.
  [/\$\$+/g, "money"],
  [/\b(?:are|is)\s+(?:people|folks|clients|customers|they)\s+(still\s+)?(?:owing|owe)\s+us\b/gi, "is $1owed to us"],
  // "drop the pilot project down to 20k", "cut Stark's deal to 40k": its amount, lowered (never a deletion).
  [
    /\b(?:drop|bring|cut|knock|take|trim|lower|reduce)\s+((?:the|their|our|that|this|[A-Z][\w&'’-]*(?:['’]s)?)\s+(?:[^,.;!?]{1,50}?))\s+(?:down\s+)?to\s+(?=(?:about\s+|around\s+|~\s*)?[$€£]?\s?\d)/g,
    // (What is sold is a deal, unless the words say an invoice.)
    // ("drop Katherine's rating to 3": a figure of another field, lowered.)
    (said: string, what: string) =>
      /\b(?:rating|score|stars?|stage|status|date|probability|seats?|headcount|employees)\b/i.test(what)
        ? said
        : `set the amount of ${what}${/\b(?:invoices?|bills?|inv|deals?|opportunit(?:y|ies)|opps?)\b|\b[a-z]{2,5}-\d/i.test(what) ? "" : " deal"} to `,
  ],
  // "i rejected barbara liskov by accident, meant to reject someone else": the one it was done to, told first.
  [
    /\b(?:i|we)\s+(accidentally\s+|mistakenly\s+|wrongly\s+)?(rejected|hired|moved|archived|closed|voided|deleted|marked)\s+(.+?)(\s+(?:by\s+(?:accident|mistake)|in\s+error|accidentally))?(?=\s*(?:$|[-–—,.;]|\s(?:last\s+\w+|yesterday|today|this\s+\w+)\b))(?:\s+(?:last\s+\w+|yesterday|today|this\s+\w+))?(?:\s*,\s*(?:i\s+|we\s+)?meant\s+to\s+[^,.;]+)?/gi,
    (said: string, before: string | undefined, done: string, who: string, after: string | undefined) =>
      before || after ? `${who} was ${done} by mistake` : said,
  ],
  // "the email we have for tim berners-lee bounces, its tim.bl@w3mail.org now. can u fix": the new address, set.
  [
    /\bthe\s+(e-?mail|phone(?:\s+number)?|number)\s+(?:address\s+)?(?:we\s+have\s+|on\s+file\s+|we've\s+got\s+)?(?:for|of)\s+(.+?)\s+(?:bounces|bounced|is\s+wrong|is\s+out\s+of\s+date|is\s+outdated|is\s+old|doesn't\s+work|does\s+not\s+work|is\s+dead|changed)\s*[,.;]?\s*(?:it'?s|its|it\s+is|the\s+new\s+one\s+is|new\s+one\s+is|should\s+be)\s+(\+?\d[\d\s().-]{5,}\d|\S+?)(?:\s+now)?\s*[.,;]?\s*(?:(?:can|could)\s+(?:you|u)\s+|please\s+|pls\s+)?(?:fix|update|change|correct)(?:\s+(?:it|that|this))?(?:\s+please)?\s*[.?!]*$/i,
    "set $2's $1 to $3",
  ],
  // "add jordan lee to the pipeline": a candidate (the sales pipeline holds deals, which are not added that way).
  [
    /\b(add|put)\s+(?!(?:a|an|the|this|that|new)\s)([^,.;!?]+?)\s+(?:to|in|into)\s+(?:the|our)\s+(?:hiring\s+|recruiting\s+|candidate\s+)?pipeline\b/gi,
    "$1 candidate $2",
  ],
  // "stick it in as a deal", "pop that in the CRM as a contact": add it.
  [
    /\b(?:stick|pop|throw|put|log|enter|chuck)\s+(it|that|this|them|him|her)\s+(?:in\s+|on\s+|into\s+(?:the\s+)?(?:crm|system)\s+|in\s+the\s+(?:crm|system)\s+)?as\s+(?=(?:a|an)\s)/gi,
    "add $1 as ",
  ],
  // "attach Leo Andersen to the Stark deal": add them to it.
  [/\b(?:attach|link|associate|tie)\s+(?=[^,.;]+?\s+(?:to|with)\s+[^,.;]*\b(?:deal|opportunity|opp)\b)/gi, "add "],
  // "the hm was kinda lukewarm on katherine johnson, drop the rating to a 4": the rating of the one the opinion is on.
  [
    /^[\s\S]*?\b(?:was|is|were|are|seemed|felt|sounded)\s+(?:\w+\s+){0,2}?(?:lukewarm|keen|positive|negative|excited|unsure|meh|cold|mixed|sold|impressed|underwhelmed)\s+(?:on|about|by|with)\s+([\p{L}'’-]+\s+[\p{L}'’-]+)\s*[,;.]\s*(?:so\s+)?(?:please\s+)?(drop|lower|bump|raise|set|change|knock)\s+(?:the|their|his|her)\s+(rating|score)\b/giu,
    "$2 $1's $3",
  ],
  // "Initech finally sent some money", "Hooli just paid": how or when, not part of the name (not "I just got off the phone": a pronoun tells).
  [
    /\b(?!(?:I|We|They|He|She|You|It)\b)([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:finally|just|already|actually|eventually|apparently|also|still)\s+(?=(?:sent|paid|wired|transferred|settled|signed|came|got|asked|agreed|accepted|declined|said|told|wants|wanted|renewed|closed)\b)/g,
    "$1 ",
  ],
  // "can we get Ken Thompson (AE) into screening": moved there.
  [
    /\b(?:get|bring|push)\s+([^,.;!?]+?)\s+(?:into|to|through\s+to|on\s+to|onto)\s+(?=(?:the\s+)?(?:screening|interview|interviews|offer|applied|proposal|negotiation|qualified)\b)/gi,
    "move $1 to ",
  ],
  // "which dept does it sit under and where's it based?": its department and location.
  [/\bwhich\s+(?:dept|department|team)\s+does\s+(it|that\s+\w+|the\s+\w+)\s+(?:sit|fall|live|belong)\s+(?:under|in|to)\b/gi, "what is $1's department"],
  [/\bwhere(?:'s|’s|\s+is)\s+(it|that\s+\w+|the\s+\w+)\s+(?:based|located)\b/gi, "what is $1's location"],
  // "Northwind's finance lead asked me when their invoice is due": the question, about them.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:asked|asks|wanted\s+to\s+know|wants\s+to\s+know)\s+(?:me\s+|us\s+)?(when|what|how\s+much|which|whether|if)\s+(their|they)\b/g,
    (_: string, who: string, wh: string, pronoun: string) => `${wh} ${pronoun === "their" ? `${who}'s` : who}`,
  ],
  // "3 contacts attached to them", "contacts linked to them": theirs.
  [/\s+(?:attached|linked|associated|tied)\s+(?:to|with)\s+(?:them|it|each|each\s+one)\b/gi, ""],
  // "what does Stark still owe us across their open invoices? Split it per currency": on them; every sum is per currency.
  // ("across all the roles", "across all our customers" say every one, and stay.)
  [/\bacross\s+(?=(?:their|its|his|her)\s)/gi, "on "],
  [/[,.;]?\s*(?:please\s+)?(?:split|break)\s+(?:it|that|this|them)?\s*(?:down\s+)?(?:per|by)\s+currency,?(?:\s+please)?\s*[.!]?/gi, "."],
  // "won and lost ones don't count for this", "closed won or lost deals are fine": what is left out, said again.
  [
    /[,.;]?\s*(?:the\s+)?(?:closed\s+)?(?:won|lost|paid|closed|rejected|hired|void|voided)(?:\s+(?:and|or)\s+(?:closed\s+)?(?:won|lost|paid|closed|rejected|hired|void|voided))?\s+(?:ones|deals|invoices|candidates)\s+(?:don't|do\s+not|doesn't|does\s+not)\s+count\b[^.?!]*[.!]?/gi,
    ".",
  ],
  [
    /(?<=[.?!]\s*)(?:the\s+)?(?:closed\s+)?(?:won|lost|paid|closed|rejected|hired)(?:\s+(?:and|or)\s+(?:closed\s+)?(?:won|lost|paid|closed|rejected|hired))?\s+(?:ones|deals|invoices|candidates)\s+(?:are|is)\s+(?:fine|ok|okay)\b[^.?!]*[.!]?/gi,
    "",
  ],
  // "Anything further along stays where it is.", "Leave the rest of them alone.": what is not changed, said.
  [
    /[.;,]\s*(?:anything|everything|the\s+rest|all\s+the\s+others?|the\s+others?|others)(?:\s+(?:else|further\s+along|of\s+them))?\s+(?:stays|remains|can\s+stay|should\s+stay|stay)\s+(?:where\s+(?:it|they)\s+(?:is|are)|as\s+(?:it|they)\s+(?:is|are)|put)\b[.!]?/gi,
    ".",
  ],
  [
    /[.;,]\s*(?:and\s+)?(?:please\s+)?leave\s+(?:the\s+rest|the\s+others?|everything\s+else|anything\s+else)(?:\s+of\s+them)?\s+(?:alone|as\s+(?:it\s+is|they\s+are))\b[.!]?/gi,
    ".",
  ],
  // "...; the rest stays open": what is not changed, said.
  [/[;,.]\s*the\s+rest\s+(?:stays|remains|is\s+still|will\s+stay)\s+(?:open|due|outstanding|unpaid)\b[.!]?/gi, "."],
  // "sitting in "Lead in" over to "Qualified"": a stage's name in quotes is still the stage.
  [/["“](lead in|qualified|proposal|negotiation|closed won|closed lost|screening|interview|offer|applied|hired|rejected)["”]/gi, "$1"],
  // "We have been given the go-ahead to recruit a Payroll Administrator": a job to open, by its title.
  [
    /\b(?:(?:[Ww]e|I)(?:'ve|\s+have|'re|\s+are)?\s+)?(?:been\s+|finally\s+|just\s+)*(?:given|got|gotten|received)\s+the\s+(?:go-ahead|green\s+light|ok|okay|sign-off|approval|budget)\s+to\s+(?:recruit|hire|open\s+a\s+(?:req|role|job)\s+for)\s+(?:a|an|another)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)/g,
    'create a job called "$1"',
  ],
  // "based in our Manchester office", "out of the Berlin office": the city.
  [/\b(based|located|working)\s+(?:in|at|out\s+of)\s+(?:our|the)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)\s+(?:office|hq|site|studio)\b/g, "$1 in $2"],
  // "for the Finance department": in it.
  [/\bfor\s+the\s+([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?)\s+(department|dept|team)\b/g, "in the $1 $2"],
  // "sum amount_due for Stark": what they owe, by the field's name.
  [/\b(?:sum|total)\s+(?:of\s+)?(?:the\s+)?amount[_\s]due\s+(?:for|of|from)\s+/gi, "how much is owed by "],
  // "yes!! hooley just signed ...", "great news - ...": the cheer before the news.
  [/^\s*(?:yes+|yay+|wo+ho+|woo+|hooray|great\s+news|good\s+news|boom|finally)\b\s*[!.,:–—-]*\s*(?=\S)/i, ""],
  // "Lovely news to end the week - ...", "Brilliant news for a Friday:": a cheer before the news.
  [
    /^\s*(?:some\s+)?(?:lovely|great|good|brilliant|fantastic|exciting|happy|wonderful|amazing|super|cracking)\s+news(?:\s+(?:to\s+(?:end|start|finish)|for|on)\s+(?:the|a|this)\s+(?:week|day|month|friday|monday))?\s*[!.,:–—-]+\s*(?=\S)/i,
    "",
  ],
  // "After chatting with the panel, ...", "Having spoken to the team, ...": what came before the news.
  [/^\s*(?:after|following|having)\s+(?:[a-z]+ing|spoken|talked|met|reviewed|discussed)\b[^,.!?]{0,60},\s*(?=\S)/i, ""],
  // "Olivia Tanaka rang this morning to say the direct line is now 020 7946 0321": their number, changed.
  [
    /\b([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)\s+(?:rang|called|phoned|emailed|messaged|texted|wrote)(?:\s+(?:in|us|me))?(?:\s+(?:this\s+morning|this\s+afternoon|today|yesterday|earlier|just\s+now))?\s+to\s+(?:say|tell\s+us|tell\s+me|let\s+us\s+know)\s+(?:that\s+)?(?:the|her|his|their)\s+(direct\s+line|phone(?:\s+number)?|mobile(?:\s+number)?|number|e-?mail(?:\s+address)?)\s+is\s+now\s+(\+?\d[\d\s().-]{5,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)[.!]?(?:\s*(?:could|can|would)\s+you\s+(?:please\s+)?(?:update|change|fix)\s+(?:the|her|his|their)\s+(?:contact\s+)?(?:record|details|entry)(?:\s+please)?[.?!]*)?/g,
    (_: string, who: string, field: string, value: string) => `set ${who}'s ${/mail/i.test(field) ? "email" : "phone"} to ${value}`,
  ],
  // "what's still in flight with Aperture": open deals.
  [/\b(?:still\s+)?in\s+flight\b/gi, "open"],
  // "forecast to close", "slated to close": when it is expected to close.
  [/\b(?:forecast(?:ed)?|slated|scheduled|projected|set)\s+to\s+close\b/gi, "expected to close"],
  // "which invoices have we had a bit of money in on but not the lot": partly paid.
  [
    /\b(?:(?:have|has)\s+(?:we|you|they)\s+)?(?:had|received|got|taken|seen)\s+(?:a\s+bit\s+of|some|part\s+of\s+the|a\s+little)\s+(?:money|cash|payment)\s+(?:in\s+)?(?:on|for|against)\s+but\s+not\s+(?:the\s+lot|all\s+of\s+it|in\s+full|everything|the\s+whole\s+thing|the\s+rest)\b/gi,
    "are partially paid",
  ],
  // "paid a chunk of but not the whole thing": partly paid ("paid some of their invoice" alone is a payment told).
  [
    /\bpaid\s+(?:a\s+chunk|a\s+bit|part|some|a\s+portion|a\s+part)\s+(?:of\s+)?but\s+not\s+(?:all|the\s+whole\s+thing|everything|in\s+full|the\s+rest)(?:\s+of\s+it)?/gi,
    "partially paid",
  ],
  // "Have any clients paid part of an invoice but not the rest?", "the half-paid ones": part-paid invoices.
  [
    /\b(?:have|has|did)\s+(?:any|which)\s+(?:of\s+(?:our|the|my)\s+)?(?:clients?|customers?|accounts?|companies|tenants?)\s+(?:only\s+)?paid\s+(?:a\s+chunk|a\s+bit|part|some|a\s+portion|a\s+part)\s+of\s+(?:an?|their|the|its)\s+(?:invoices?|bills?)\s+but\s+not\s+(?:all|the\s+whole\s+thing|everything|in\s+full|the\s+rest)(?:\s+of\s+it)?/gi,
    "which invoices are part-paid",
  ],
  [/\bhalf[- ]paid\b/gi, "part-paid"],
  // "who's getting the "new lead follow-up" emails": enrolled in that sequence.
  [
    /\b(?:getting|receiving|on)\s+(?:the\s+)?(["“][^"“”]{2,60}["”]|[A-Z][\w-]*(?:\s+[\w-]+){0,4}?)\s+(?:emails|mails|drip|emailers)\b/g,
    "enrolled in the $1 sequence",
  ],
];

/** "from one of the lads", "by a colleague", "via our Lagos team": who referred a candidate, said after how they came. */
const WHO_REFERRED = String.raw`(?:\s+(?:from|by|via)\s+(?:one\s+of\s+)?(?:our\s+|the\s+|a\s+|an\s+|my\s+|his\s+|her\s+)?[\w-]+(?:\s+(?:team|office|colleague|friend))?)?`;

/** "sorted by amount", "order them by close date, soonest first", "alphabetically": the order asked for a list. */
/** "the average deal size": a mean asked, per currency. */
export const AVERAGE =
  /\b(?:average|avg)\b|(?<!\b(?:i|you|we|they|he|she|do|does|did|what|which)\s+)\bmean\b(?!\s+(?:that|it|the|this|those|these|them|to|by|what|which|i|we|you)\b)/i;
export const SORT_ASKED =
  /\b(?:(?:sort|sorted|sorting|order|ordered|rank|ranked|arrange|arranged)\s+(?:them\s+|it\s+|the\s+list\s+|these\s+)?by\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z _-]*?)|(alphabetically|in\s+alphabetical\s+order|a\s*-\s*z|z\s*-\s*a)|\bby\s+(?:the\s+|their\s+)?(amount|size|value|close\s+date|closing\s+date|expected\s+close(?:\s+date)?|due\s+date|rating|score|name|last\s+name|surname|revenue|headcount|date\s+added)(?=\s*,?\s*(?:asc|desc|highest|biggest|largest|most|newest|latest|lowest|smallest|least|oldest|earliest|soonest|high\s+to|low\s+to)))(?:\s*,?\s*(asc\w*|desc\w*|(?:highest|biggest|largest|most|newest|latest|most\s+recent|lowest|smallest|least|oldest|earliest|soonest)(?:\s+(?:one\s+)?first)?|(?:high|low)\s+to\s+(?:low|high)))?(?=\s*(?:[,.?!;)]|$|\s+(?:please|pls|thanks|and|with|for|from|in|that|which|who)\b))/i;
export const REWRITES: Rewrite[] = [
  // "what's the average deal size", "avg invoice amount": a total, which reads.ts divides (AVERAGE, on the request as typed).
  [
    /(?<!\b(?:i|you|we|they|he|she|do|does|did|what|which)\s+)\b(?:average|avg\.?|mean)\s+(?=(?:[\w-]+\s+){0,3}?(?:deals?|invoices?|opportunit(?:y|ies)|bills?|contracts?)\b|(?:size|amount|value|invoice|deal|bill)\b)/gi,
    "total ",
  ],
  [/\b(deal|opportunity|contract|invoice|bill)\s+(?:size|value)\b/gi, "$1 amount"],
  // "how much did Stark pay us last month", "payments received this month", "revenue this quarter": money paid in, by
  // when the invoices were paid (cash received; what was billed is "invoiced").
  [
    /\bhow\s+much\s+(?:did|have|has)\s+(.+?)\s+(?:pay|paid)(?:\s+us)?\b/gi,
    // ("how much has Wayne still got to pay us": what is owed, not what was paid.)
    (said: string, who: string) => (/\b(?:still|to|left|yet|going|need|needs|must)\b/i.test(who) ? said : `how much has ${who} paid us`),
  ],
  [
    /(?<!\b(?:record|log|enter|post|book|apply|add|register|process)\s+(?:the\s+|a\s+|that\s+|this\s+|our\s+)?)\b(?:the\s+|our\s+|any\s+)?payments?\s+(?:(?:we\s+)?(?:received|got|collected|taken)|(?:that\s+)?(?:came|come)\s+in|in)\b(?=\s+(?:this|last|since|in|during|so\s+far|for|from|over|today|yesterday)\b)/gi,
    "invoices paid",
  ],
  [
    /^\s*(?:what(?:'s|\s+is|\s+was|\s+were)\s+)?(?:our\s+|the\s+)?(?:total\s+)?(?:revenue|income|collections|takings|cash\s+(?:in|received|collected))\s+(?=(?:this|last|so\s+far|since|in|for|during|over)\b)/gi,
    "how much was paid ",
  ],
  // "accounts with revenue over 1M": the amount compared is the account's revenue, its only money (filters.ts).
  [
    /\b(?:with\s+|having\s+|whose\s+)?(?:an?\s+)?(?:annual\s+|yearly\s+)?(?:revenue|turnover|sales)\s+(?:of\s+|is\s+)?(?=(?:more\s+than|over|above|at\s+least|less\s+than|under|below|at\s+most|greater\s+than)\s+[$€£]?\d)/gi,
    "",
  ],
  [/(?<=\b(?:than|over|above|under|below|least|most)\s+[$€£]?\d+(?:\.\d+)?)\s?(?:M|mn|mil|million)\b/g, "m"],
  // Errands relayed for someone else: "It doesn't need to go out just yet, he'd like to look it over first", "She'd like
  // to have the date to hand" (remarks after the request); "Now that Margaret Hamilton has started with us, ..." (the
  // occasion); "Diane met Priya Raman at a dinner last night — she's ..." (the person met); "Diane would like the
  // opening closed" (the request, whoever wants it).
  [/(?<=[.!?])\s*it\s+(?:doesn't|does\s+not|needn't|need\s+not)\s+(?:need\s+to\s+)?go\s+out\s+(?:just\s+)?yet\b[^.!?]*[.!?]?/gi, ""],
  [/(?<=[.!?])\s*(?:she|he|they|i|we)(?:'d|\s+would)\s+like\s+to\s+(?:have|keep|take)\s+[^.!?]*[.!?]?\s*$/gi, ""],
  [
    /^\s*now\s+that\s+(?:\p{Lu}\p{L}+\s+\p{Lu}[\p{L}'’-]+|he|she|they)\s+(?:has|have|is|are)\s+(?:started|joined|arrived|begun|come\s+on\s+board|on\s+board)\b[^,.;!?]{0,40},\s*/iu,
    "",
  ],
  [
    /^\s*(?:[A-Z][a-z]+|I|we)\s+met\s+(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)\s+(?:at|during|over)\s+(?:a|an|the)\s+[\w\s-]{2,40}?(?:\s+(?:last\s+night|yesterday|today|this\s+\w+|last\s+\w+))?\s*(?=[—–,.]|\s-\s)/u,
    "$1 ",
  ],
  // "— she's Head of Finance at Hooli": her title, at that company.
  [
    /([,;.]|\s[-–—]\s)\s*(?:he|she|they)(?:'s|'re|\s+is|\s+are)\s+(?:the\s+|their\s+|a\s+|an\s+)?(?:new\s+)?(\p{Lu}[\p{L}&-]*(?:\s+(?:of|and|&|for|\p{Lu}[\p{L}&-]*)){0,5})\s+(at|for|with)\s+(?=\p{Lu})/gu,
    "$1 title is $2, $3 ",
  ],
  [/^\s*[A-Z][a-z]+\s+(?:would\s+like|wants)\s+(?=the\s+[^.?!]{3,80}\s+(?:closed|paused|archived|marked|moved|voided|deleted)\b)/, "I would like "],
  // "... owed by Wayne before her call with them at 3 — would you be able to give me the figure, please?": when it is
  // wanted, and the asking again, are no part of the question. (A meeting with someone named says whom it is about.)
  [
    /\s+(?:before|ahead\s+of|for)\s+(?:her|his|my|our|their|the)\s+(?:call|meeting|chat|catch-?up|visit|qbr|1:1|one-to-one)\b(?:\s+with\s+(?:them|him|her))?(?:\s+at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?|\s+(?:today|tomorrow|tmrw|tonight|this\s+\w+|next\s+\w+))?(?=\s*[—–,.;?!-]|\s*$)/giu,
    "",
  ],
  [
    /\s*[—–-]\s*(?:would|could)\s+you\s+(?:be\s+able\s+to\s+)?(?:give|tell|let)\s+me\s+(?:have\s+|know\s+)?(?:the|that)\s+(?:figure|number|total|amount)(?:,?\s*please)?\s*\?/gi,
    "?",
  ],
  // "Gringotts asked us more time", "client has requested for some more time": asked for more time.
  [
    /\b(?:asked|requested|wanted|begged)\s+(?:us\s+|me\s+)?(?:for\s+)?(?:some\s+|a\s+bit\s+(?:of\s+)?)?(?:more|extra|additional)\s+time\b/gi,
    "asked for more time",
  ],
  // "add the new fella as a contact", "put the new guy at Globex in": someone not yet named (a name is asked for).
  [
    /\b(add|put|enter|log|create|get|set\s+up)\s+(?:the|our|their|this|that)\s+(?:new\s+|other\s+|latest\s+)?(?:fella|fellow|guy|gal|chap|bloke|lady|woman|man|girl|boy|dude|buyer|starter|joiner)\b(?![^.?!]*@)/gi,
    (_: string, verb: string) => `${verb} them`,
  ],
  ...NOTATION_REWRITES,
  ...SECOND_LANGUAGE_REWRITES,
  ...RELAYED_REWRITES,
  ...TRADE_REWRITES,
  ...SHOP_TALK_REWRITES,
  ...EVERYDAY_REWRITES,
  // "Group the overdue invoices per client": shown, by client.
  [/^\s*(?:please\s+|pls\s+)?group\s+(?=(?:the\s+|all\s+|our\s+)?(?:[\w-]+\s+){1,3}(?:by|per)\b)/i, "show "],
  // "push back the close date on ...": push the date (back says which way, the figure how far).
  [/\b(push|move|pull|bump)\s+back\s+(?=(?:the|their|its|his|her)\b)/gi, "$1 "],
  // "where did john mccarthy come from?", "how did we find Ken Thompson": their source, asked.
  [/\bwhere\s+(?:did|does)\s+(.+?)\s+come\s+(?:in\s+)?from\b/gi, "what is $1's source"],
  [/\bhow\s+did\s+we\s+(?:find|get|source|meet)\s+(.+?)(?=\s*(?:[?.!,;]|$))/gi, "what is $1's source"],
  // "frances allen actually came through hays not linkedin, can you fix the source": the source to set.
  [
    /^(.+?)\s+(?:actually\s+|really\s+)?came\s+(?:in\s+)?(?:through|via|from)\s+(?:an?\s+|the\s+)?([\w-]+)(?:\s*,?\s*not\s+(?:an?\s+|the\s+)?[\w-]+)?\s*[,.;-]?\s*(?:so\s+)?(?:can\s+you\s+|could\s+you\s+|please\s+|pls\s+)?(?:fix|update|correct|change)\s+(?:the|her|his|their)\s+source\b.*$/i,
    "set $1's source to $2",
  ],
  // "change olivia tanakas title": a possessive typed without its apostrophe, after a verb asking for or changing it.
  [
    /\b((?:change|update|set|fix|edit|correct|what's|whats|what\s+is|what\s+are|show(?:\s+me)?|get(?:\s+me)?|find|need)\s+)([a-z][a-z'-]+\s+[a-z][a-z-]+?)s\s+(?=(?:title|e-?mail|phone(?:\s+number)?|stage|rating|source|address|domain|website)\b)/gi,
    (said: string, verb: string, name: string) =>
      name.split(/\s+/).some((w) => STOPWORDS.has(w.toLowerCase()) || resourceOf(w) !== undefined) ? said : `${verb}${name}'s `,
  ],
  // "Ava Chens email, the one at Stark": a possessive without its apostrophe, opening the sentence.
  [
    /(^|[.!?]\s+)([A-Z][a-z'-]+\s+[A-Z][a-z-]+?)s\s+(?=(?:title|e-?mail|phone(?:\s+number)?|stage|rating|source|address|domain|website)\b)/g,
    (said: string, start: string, name: string) =>
      name.split(/\s+/).some((w) => STOPWORDS.has(w.toLowerCase()) || resourceOf(w) !== undefined) ? said : `${start}${name}'s `,
  ],
  // "Grace Hopper isn't a fit for the backend role, reject": why, not what; the request says the rest.
  [
    /\s+(?:is|isn't|is\s+not|was|wasn't|was\s+not|'s\s+not)\s+(?:really\s+)?(?:a\s+|the\s+)?(?:good\s+|great\s+|right\s+|strong\s+|culture\s+|cultural\s+)?fit\b/gi,
    "",
  ],
  // "found her on linkedin, id say 4 stars": the rating, without the hedge.
  [/\b(?:i'?d|i\s+would)\s+say\s+(?=(?:[1-5]|one|two|three|four|five)\s*(?:stars?|\/\s*5|out\s+of))/gi, ""],
  // "new number for Isla Haddad at Stark Logistics: +44 20 7946 0958": her phone.
  [
    /\b(?:(?:her|his|their)\s+)?(?:new|updated|different|correct|right|latest)\s+(?:mobile\s+|cell\s+|direct\s+|phone\s+|office\s+)?(?:number|no\.?|line)\s+(?:for|of)\s+([^:=]+?)\s*(?:is|:|=|-)\s*(\+?\d[\d\s().-]{5,}\d)/gi,
    "set $1 phone to $2",
  ],
  // "add a champion tag on her", "put a VIP tag on Acme": tag them so.
  [/\b(?:add|put|stick|slap)\s+(?:an?\s+|the\s+)?["“]?([\w-]+)["”]?\s+(?:tag|label)\s+(?:on|to)\s+(.+?)(?=\s*(?:[,.;!?(]|$))/gi, "tag $2 as $1"],
  // "Isla @ Stark": at.
  [/(?<=[\w.])\s+@\s+(?=[A-Z])/g, " at "],
  // "he has a new direct line, +1 617 555 0142": his phone.
  [
    /\b(?:(?:he|she|they)\s+(?:has|have)\s+)?(?:a\s+)?new\s+(?:direct\s+(?:line|dial)|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|number)\s*(?:is|:|,|-)?\s*(?=\+?\(?\d)/gi,
    "phone is ",
  ],
  // "Going into the Monday review.", "Prepping for the board meeting:": the occasion, not the request.
  [
    /^\s*(?:going\s+into|ahead\s+of|before|for|prepping\s+for|preparing\s+for|getting\s+ready\s+for)\s+(?:the\s+|our\s+|my\s+|this\s+|next\s+|tomorrow's\s+|today's\s+)?(?:[\w-]+\s+){0,3}?(?:review|meeting|call|sync|board|standup|stand-up|1:1|one-on-one|catch-up|check-in|session|offsite|qbr)(?:\s+with\s+(?:the\s+|our\s+|my\s+)?[\w-]+(?:\s+[\w-]+)?)?(?:\s*[.:,;–—-]+\s*|\s+(?=(?:i|we)\s+(?:want|need|would|'d)\b))/i,
    "",
  ],
  // "Before we close out the month": when, not what.
  [/^\s*(?:before|after|until|as)\s+we\s+(?:close|wrap)\s+(?:out|up)\s+the\s+(?:month|quarter|year|week|books)\s*,?\s*/i, ""],
  // "I'd like a handle on what's sitting in draft and never went out the door": show the draft invoices.
  [/\b(?:i'd|i\s+would|we'd|we\s+would)\s+like\s+(?:a\s+|to\s+get\s+a\s+)?(?:handle|read|view|look|picture|sense|overview)\s+(?:on|of|at)\s+/gi, "show me "],
  [/\bwhat(?:'s|\s+is)\s+(?:sitting|stuck|left|still)\s+(?:in|as)\s+(?:a\s+)?drafts?\b/gi, "the draft invoices"],
  [
    /\s+and\s+(?:never|hasn't|haven't|didn't|has\s+not|have\s+not)\s+(?:actually\s+|actualy\s+|yet\s+)?(?:went|gone|go|been\s+sent)\s+out(?:\s+the\s+door)?\b/gi,
    "",
  ],
  // "I want to see where our collections risk is concentrated, so rank ...": the request is after "so".
  [
    /(?<=^\s*|[.!?]\s+)(?:i|we)\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+(?:see|know|understand|get\s+a\s+sense\s+of)\s+[^,.;!?]*,\s*(?:so\s+)?(?=[a-z])(?!(?:the|only|just)\s+(?:[a-z]+\s+){0,2}ones?\b)/gi,
    "",
  ],
  // "heads up, ...", "Great news, ...", "Sorry if this is a silly question, but ...": how a message opens says nothing asked.
  [
    /^\s*(?:(?:heads[- ]up|ugh+|argh+|oh|ah|wow|yay|omg|woo+t|whoa|lol|phew|whew|oops|ouch|yikes|damn|dang|woo+hoo+|great news|good news|bad news|fyi|btw|by the way|unfortunately|sadly|quick one|quick question|(?:i\s+)?(?:have|'ve\s+got|got)\s+a\s+(?:quick\s+)?question\s+(?:about|on|re|regarding)|just so you know|ok so|okay so|hey|hi|hello|hiya|(?:so\s+)?sorry(?=\s*[,!.]|\s+(?:who|what|which|how|where|when|but|can|could|is|are|do|does)\b)|apologies(?=\s*[,!.])|good (?:morning|afternoon|evening|day)|morning|dear (?:team|all)|hello team|hi team|sorry if [^,]*|sorry to bother you|i know this is [^,]*|not my (?:usual )?(?:area|department|thing|wheelhouse|job)|a bit outside my (?:area|lane))(?:[,:!.\s–—-]+|\s+but\s+))+(?:but\s+)?/i,
    "",
  ],
  // "Bit of a mess-up: ...", "Slight hiccup —": a mishap named before what it needs.
  [
    /^\s*(?:(?:a\s+)?bit\s+of\s+an?\s+|(?:a\s+)?(?:slight|small|minor|little)\s+)?(?:mess-?up|hiccup|snafu|mix-?up|blunder|boo-?boo|cock-?up|screw-?up)\s*[:!,.—–-]+\s*/i,
    "",
  ],
  // "..., please — I'll raise a fresh one myself": what the one asking will do after, not asked.
  [/\s*(?:[,;]|\s[—–-])\s*(?:and\s+)?(?:i|we)['’]ll\s+(?:[\w-]+\s+){0,5}?(?:myself|ourselves|later|after(?:wards)?)\s*[.!]*\s*$/i, ""],
  // "... a couple of questions. First: how many ...": the count of a list of questions is no part of one.
  [/(^|[.?!]\s+)(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|next|also|lastly|finally|one\s+more(?:\s+(?:thing|question))?|another\s+one)\s*[:–—-]\s*/gi, "$1"],
  // "Great way to start the week: ...", "Top of funnel question - ...", "on the people side, ...": a heading, not the request.
  [
    /^\s*(?:(?:great|good|nice|fun|happy|big|bad|sad|quick|small|splendid|wonderful|lovely|excellent|brilliant|fantastic|terrific|exciting|marvellous|unfortunate|disappointing)\s+(?:\w+\s+){0,5}?(?:news|way\s+to\s+(?:start|end)\s+the\s+\w+|update|one|question|thing|win)|(?:[\w-]+\s+){1,4}question|on\s+the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:side|front))\s*[:!,–—-]+\s*/i,
    "",
  ],
  // "For cash planning over the next couple of weeks, which ...", "Before we close out the month, ...": why the
  // question is asked, not what it asks (a name in it would be the question's, so none may be there).
  [
    /^\s*(?:for|ahead\s+of|before|going\s+into|after|as\s+part\s+of)\s+(?![^,?]*\b(?:[A-HJ-Z][\w&'’-]*|\d[\w,.]*)\b)[^,?]{3,80},\s*(?=(?:which|what|who|how|can|could|please|show|list|give|mark|move|set|tell)\b)/i,
    "",
  ],
  // "enrol Leo in the follow-up so the stewardship emails start going to them": what the change is for, said with no comma.
  [
    /(?<=[a-z"”])\s+so\s+(?:that\s+)?(?:the|our|his|her|their|they|he|she|we|no|nothing|nobody)\s+[^,.;!?]*?\b(?:start|starts|stop|stops|can|could|will|won't|doesn't|don't|gets?|goes|go|come|comes|knows?|hears?|receives?)\b[^.?!]*[.!]?\s*$/gi,
    "",
  ],
  // "..., so the recruiter can get a call on the calendar", "..., so she doesn't get more emails": what the change is for.
  [
    /(?<=\S)\s*,?\s+so\s+(?:that\s+)?(?:(?:the|our|my)\s+[a-z]+(?:\s+[a-z]+)?|we|i|he|she|they|you|it)\s+(?:can|could|will|won't|doesn't|does\s+not|don't|do\s+not|gets?|knows?|stops?|has|have|is|are|no\s+longer|isn't|is\s+not)\b[^.?!]*/gi,
    "",
  ],
  // "mark her hired, great news for the design team": a cheer after the request.
  [/[,;.!]+\s*(?:(?:great|good|big|nice|huge|amazing)\s+(?:news|win|day)|what\s+a\s+(?:win|day))\b[^.?!]*/gi, ""],
  // "We met a most helpful gentleman from Northwind at the trade fair yesterday: Rupert Fairweather, ...": how we met him.
  [
    /(?<=^\s*|[.!?]\s+)(?:we|i)\s+(?:(?:just|finally)\s+)?(?:met|spoke\s+(?:to|with)|talked\s+(?:to|with)|had\s+a\s+(?:call|chat|meeting|coffee)\s+with|(?:were|was)\s+introduced\s+to|ran\s+into|bumped\s+into|got\s+talking\s+to)\s+[^:.!?]{2,100}?\s*:\s*(?=[A-Z][a-z]+\s+[A-Z])/gi,
    "",
  ],
  // "push its close date back to the 31st of March": to that day ("back", "out" say only which way).
  [/\b(push|move|bring|pull|shift|set)\s+(\S.{0,80}?\b(?:date|deadline))\s+(?:back|out|forward|along)\s+(?=(?:to|until|till)\b)/gi, "$1 $2 "],
  // "... who they were? I want to make sure each of them has had a proper letter.": why it is asked.
  [
    /(?<=[.?!]\s+)(?:(?:i|we)\s+(?:just\s+)?(?:want|need|'d\s+like|would\s+like|wish)\s+to\s+)?(?:make\s+sure|ensure|double-?check)\s+(?:that\s+)?(?:each|all|every|everyone|they|he|she|we|nobody|no\s+one|none)\b[^.?!]*[.?!]?/gi,
    "",
  ],
  // "its expected closing date": its close date.
  [/\b(?:expected\s+)?clos(?:e|ing)\s+date\b/gi, "close date"],
  // "within the next fortnight": two weeks.
  [/\b(?:a|one)\s+fortnight\b/gi, "2 weeks"],
  [/\bfortnight\b/gi, "2 weeks"],
  // "due within the next 2 weeks": in them.
  [/\bwithin\s+(?=(?:the\s+)?(?:next|coming|following)\s+(?:\d|few|couple))/gi, "in "],
  // "fall due for payment", "payable a week on Friday", "to be payable at the end of next month": due.
  [/\b(?:fall|falls|falling|become|becomes)\s+due(?:\s+for\s+payment)?\b/gi, "due"],
  [
    /\b(?:(?:they|he|she)\s+(?:have\s+|has\s+)?(?:asked|would\s+like|want|wants|need|needs)\s+(?:for\s+)?it\s+to\s+be\s+|(?:to\s+be\s+|it's\s+|it\s+is\s+|make\s+it\s+)?)(?<!accounts\s+)payable\s+(?:at|by|on|in)?\s*/gi,
    "due ",
  ],
  // "gone past their payment date", "past the due date": overdue.
  [/\b(?:have|has)\s+(?:now\s+)?(?:gone|run|slipped)\s+past\s+(?:their|its|the)\s+(?:payment|due)\s+dates?\b/gi, "are overdue"],
  [/\b(?:gone\s+|are\s+|is\s+)?past\s+(?:their|its|the)\s+(?:payment|due)\s+dates?\b/gi, "overdue"],
  // "invoices which have been prepared but not yet sent out to the clients": drafts.
  [
    /\b(?:which|that)\s+(?:have\s+been|has\s+been|are|were|we've|we\s+have)\s+(?:prepared|drawn\s+up|created|raised|made|written|done)\s+but\s+(?:not\s+yet|haven't\s+(?:yet\s+)?been|have\s+not\s+(?:yet\s+)?been|never|not)\s+(?:been\s+)?(?:sent|issued|gone)(?:\s+out)?(?:\s+(?:yet|to\s+(?:the\s+)?(?:clients|customers)))*/gi,
    "in draft",
  ],
  [/\bthere\s+(?:are|is)\s+(?:a\s+number\s+of|some|several|a\s+few)\s+(?=(?:invoices|bills|deals|contacts|candidates|jobs)\b)/gi, ""],
  // "whatever the currency", "regardless of currency": every currency, as a sum is anyway.
  [
    /[,\s]*\b(?:whatever|whichever)\s+the\s+currency\b|[,\s]*\b(?:regardless\s+of|irrespective\s+of)\s+(?:the\s+)?currency\b|[,\s]*\bin\s+any\s+currency\b/gi,
    "",
  ],
  // "the invoices we have already sent out": issued and not yet paid.
  [/\b(?:the\s+)?invoices\s+(?:that\s+|which\s+)?we\s+(?:have\s+|'ve\s+)?already\s+(?:sent|issued)(?:\s+out)?\b/gi, "the open invoices"],
  // "a cheque for 5,000 US dollars towards their invoice": a payment.
  [
    /\b(?:have|has)?\s*(?:sent|given|mailed|posted|handed)\s+(?:us\s+)?(?:over\s+)?(?:a\s+)?(?:cheque|check|bank\s+transfer|transfer|wire|payment)\s+(?:for|of)\s+/gi,
    " paid ",
  ],
  [/\bcheques?\b/gi, "payment"],
  // "the bank statement shows a receipt of 4,400.00 USD from Initech referenced to invoice INV-12": money received, on it.
  [
    /\b(?:the\s+|our\s+|today's\s+|yesterday's\s+)?(?:bank\s+statement|bank\s+feed|statement|remittance(?:\s+advice)?)\s+(?:shows|showed|says|said|indicates|confirms|has)\s+(?:that\s+)?/gi,
    "we received ",
  ],
  [/\b(?:referenced|referencing|quoting|with\s+reference)\s+(?:to\s+)?(?=(?:the\s+)?(?:invoice\s+)?[A-Z]{2,5}-?\d)/gi, "for "],
  // "remitted the outstanding balance of 12,018.27 USD on INV-38 ..., so that invoice is now fully settled. Please
  // update the record accordingly": the payment told is the change asked for.
  [
    /\b(remitted|paid|sent|wired|transferred|settled|cleared)\s+(?:the|their|its|our)\s+(?:outstanding|remaining|open|full)\s+(?:balance|amount)\s+of\s+/gi,
    "$1 ",
  ],
  [/,?\s*(?:so\s+)?(?:that|the|this)\s+invoice\s+is\s+(?:now\s+)?(?:fully|completely)\s+(?:settled|paid)\b/gi, ""],
  [
    /(?<=[.!;])\s*(?:please\s+|pls\s+|kindly\s+)?update\s+(?:the\s+|our\s+|your\s+|its\s+)?(?:record|records|system|books|ledger|crm)\s+accordingly\s*[.!]?\s*$/gi,
    "",
  ],
  // "INV-22 was issued in error", "shouldn't have gone out": why, not a request to issue it.
  [
    /\b(?:was|were|has\s+been|have\s+been|got)\s+(?:issued|raised|sent(?:\s+out)?|created|billed|finali[sz]ed)\s+(?:in\s+error|by\s+mistake|by\s+accident|wrongly|erroneously)(?:\s+by\s+(?:the\s+|our\s+)?(?:[A-Za-z][\w-]*\s+)?(?:team|office|department|dept|folks|people|side))?\b/gi,
    "is wrong",
  ],
  [/\b(?:it|they|that|this)\s+(?:shouldn't|should\s+not|should\s+never)\s+have\s+(?:gone\s+out|been\s+(?:sent|issued|raised))\b/gi, "it is wrong"],
  // "It needs to be voided": void it.
  [
    /\b(it|they|this|that|these|those)\s+(?:needs?|has|have|ought|should|must)\s+(?:to\s+)?be\s+(voided|cancell?ed|written\s+off|deleted|closed|paused|archived)\b/gi,
    (_: string, what: string, done: string) => `${AS_VERB[done.toLowerCase().replace(/\s+/g, " ")] ?? done} ${what}`,
  ],
  // "... has a new direct line - it was in the signature of their last email: +1 617 555 0142": their phone.
  [
    /\bhas\s+(?:a\s+)?new\s+(?:direct\s+(?:line|dial)|(?:phone\s+)?number|mobile(?:\s+number)?|phone(?:\s+number)?|cell(?:\s+number)?)\b[^:+\d.?!]{0,80}?\s*[:,-]?\s*(?=\+?\(?\d)/gi,
    "has phone ",
  ],
  // "... so Mark's got it", "so the CEO has it": for whom, not what.
  [new RegExp(String.raw`\s+so\s+(?:that\s+)?${ASKER}(?:['’]s|\s+has)\s+(?:got\s+)?(?:it|them|that|the\s+\w+)\b`, "g"), ""],
  // "Mark met Leo Andersen at Stark Logistics at the conference": whom, not who met them.
  [
    new RegExp(
      String.raw`(?<=^\s*|[.!?]\s+)${ASKER}\s+(?:just\s+)?(?:met|spoke\s+(?:to|with)|talked\s+(?:to|with)|had\s+(?:lunch|dinner|coffee|a\s+call)\s+with|ran\s+into|bumped\s+into)\s+(?=[A-Z][a-z]+\s+[A-Z])`,
      "g",
    ),
    "",
  ],
  // "Mark just came out of a call and says the Umbrella Health deal is done": what was said.
  [
    new RegExp(
      String.raw`(?<=^\s*|[.!?]\s+)${ASKER}\s+(?:has\s+)?(?:just\s+)?(?:came|come|got|gotten|stepped)\s+(?:out\s+of|off|back\s+from)\s+(?:a|the|his|her|their)\s+(?:call|meeting|demo|phone\s+call|zoom)\b[^.!?,]*?(?:\s+and\s+(?:says|said|tells\s+me|told\s+me|confirmed|reports)\s+(?:that\s+)?|\s*[.!,]\s*)`,
      "g",
    ),
    "",
  ],
  // "Mark met her at the dinner last night.": how the one relaying knows them.
  [
    new RegExp(
      String.raw`(?<=[.!?])\s+${ASKER}\s+(?:met|knows|saw|spoke\s+(?:to|with)|talked\s+(?:to|with)|had\s+(?:lunch|dinner|coffee)\s+with|introduced)\s+(?:her|him|them)\b[^.?!]*[.!]?`,
      "g",
    ),
    "",
  ],
  // "Which ...? The CEO wants to make sure none of his contacts are on it.", "Mark wants to send their team a link":
  // why the question before was asked.
  [
    new RegExp(
      String.raw`(?<=\?(?:[^?]*[.!])?)\s*${ASKER}\s+(?:wants|needs|would\s+like|'d\s+like|is\s+trying|is\s+going|plans|hopes)\s+(?:to\s+[a-z]|an?\s+|some\s+)[^.?!]*[.!?]?\s*$`,
      "g",
    ),
    "",
  ],
  // "Mark is writing his note for the all-hands and would like to mention the roles we're recruiting for. Which
  // positions are open?": what the one relaying is doing, before the question.
  [
    new RegExp(
      String.raw`^\s*${ASKER}\s+(?:is|was|'s)\s+[a-z]+ing\b(?![^.?!]*\b(?:asked|wants\s+to\s+know|like\s+to\s+know|is\s+asking)\b)[^.?!]*[.!]\s+(?=${anyCase("(?:which|what|who|how|where|when|can|could|would|is|are|do|does|please)")}\b)`,
      "g",
    ),
    "",
  ],
  // "Mark would like to ring the companies we're in the final negotiation stage with, personally. Which ones are
  // they?": which companies.
  [
    new RegExp(
      String.raw`^\s*${ASKER}\s+(?:would\s+like|'d\s+like|wants|plans|is\s+going|intends|needs)\s+to\s+(?:ring|call|phone|email|contact|visit|meet|thank|chase|invite|write\s+to|reach\s+out\s+to)\s+(?:personally\s+)?(?:all\s+)?the\s+(companies|accounts|clients|customers|people|contacts|candidates|applicants)\s+([^.?!]+?)(?:,?\s+personally)?\s*[.!]\s*(?:[Ww]hich|[Ww]ho)\s+(?:ones\s+)?(?:are|is)\s+(?:they|those|it)\s*\?`,
      "g",
    ),
    "which $1 $2?",
  ],
  [
    /\b(companies|accounts|clients|customers)\s+(?:that\s+|which\s+)?we(?:'re|\s+are)\s+(?:currently\s+|now\s+)?(?:in|at)\s+(?:the\s+)?(?:final\s+|late\s+|early\s+)?([a-z]+)(?:\s+stage)?\s+with\b/gi,
    "$1 with deals in $2",
  ],
  // "Mark is meeting the Aperture Labs team next week and asked me who we have over there": the question, about them.
  [
    new RegExp(
      String.raw`^\s*${ASKER}\s+(?:is|are|'s)\s+(?:meeting|seeing|visiting|calling|having\s+(?:lunch|dinner|coffee|a\s+call|a\s+meeting)\s+with)\s+(?:with\s+)?(?:the\s+)?${COMPANY}(?:\s+(?:team|folks|people|guys))?\b[^.?!]*?\s+and\s+(?:asked(?:\s+me|\s+us)?|wants\s+to\s+know|would\s+like\s+to\s+know|is\s+asking)\s+(?=who|what|which|how)`,
      "g",
    ),
    "$1. ",
  ],
  [/\b(?:asked(?:\s+me|\s+us)?|wants\s+to\s+know|wondering|\.)\s+(who|what)\s+we\s+(?:actually\s+|currently\s+)?(have|hold|keep)\b/gi, ". $1 do we $2"],
  [
    /[.?!]\s*(?:(?:could|can|would)\s+you\s+)?(?:please\s+)?(?:give|show|tell|send)\s+me\s+(?:their|the|those|all\s+the)\s+(?:full\s+)?names(?:\s+and\s+titles)?(?:,?\s*please)?\s*[.?!]?\s*$/gi,
    "?",
  ],
  // "The CEO is having lunch with Globex tomorrow and he'd like to know going in how much they owe": the question
  // is what follows; the lunch is why.
  [
    /\s+(?:and|so)\s+(?:he|she|they)(?:'d|\s+would)\s+(?:like|love)\s+to\s+know\s+(?:going\s+in\s+|beforehand\s+|in\s+advance\s+|first\s+|before\s+then\s+)?/gi,
    ". ",
  ],
  // "Mark would like a heads-up on cash coming in before the holidays. Which ...": why the question after is asked.
  [
    new RegExp(
      String.raw`(?<=^\s*|[.!?]\s+)${ASKER}\s+(?:would\s+like|'d\s+like|wants|needs)\s+(?:a\s+|an\s+|some\s+)?(?:quick\s+|rough\s+)?(?:heads-?up|update|overview|picture|sense|feel|idea|view|steer)\s+(?:on|of|about|for)\b[^.?!]*[.!]\s+(?=\S)`,
      "g",
    ),
    "",
  ],
  // "for the strategy workshop he ran for them", "the bits and bobs we shipped them last week": what it was, told.
  [
    /\s+(?:that\s+|which\s+)?(?:he|she|we|they|i)\s+(?:ran|did|delivered|held|gave|hosted|built|provided|shipped|sent|made|supplied)\s+(?:(?:for|to)\s+)?(?:them|him|her)(?:\s+(?:last|this)\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday)|\s+(?:yesterday|today|recently))?\b/gi,
    "",
  ],
  // "an invoice for €2,400 please, that's for the bits and bobs": what it is for.
  [/(?<=\b(?:invoice|bill)\b[^.!?]{0,80}),?\s*(?:please\s*,?\s*)?(?:that's|that\s+is|it's|it\s+is|this\s+is)\s+for\s+/gi, " for "],
  // "Good news from the Tyrell Biotech call this afternoon! Mark says their deal can move on": theirs is Tyrell Biotech's.
  [
    /^\s*(?:(?:(?:some\s+)?(?:good|great|bad|big|quick)\s+news|(?:a\s+)?(?:quick\s+)?update)\s+)?(?:from|after)\s+(?:the|our|my|today's)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:call|meeting|demo|qbr|sync|visit|review)\b[^.!?]*[.!]+\s*(\S[\s\S]*)$/,
    (_: string, org: string, rest: string) => rest.replace(/\btheir\b/i, `${org}'s`),
  ],
  // "open a new deal for Aperture Labs? Call it "Analytics add-on"": its name.
  [/\s*[?.,;:]?\s*\b(?:call|name|title)\s+(?:it|the\s+(?:deal|job|role|invoice|sequence)|this\s+one)\s+(?=["“])/gi, " called "],
  // "The "Tyrell Biotech: Platform rollout" opportunity should therefore be recorded as closed lost": mark it so.
  [
    /(?<=^\s*|[.!?]\s+)((?:[Tt]he|[Tt]his|[Tt]hat|[Oo]ur|[Tt]heir)\s+[^.!?]{3,120}?|[A-Z][^.!?]{2,120}?)\s+(?:should|must|needs\s+to|has\s+to|ought\s+to)\s+(?:therefore\s+|now\s+|also\s+|accordingly\s+|then\s+)?be\s+(?:recorded|marked|set|shown|logged|listed|updated|changed|moved|put\s+down)\s+(as|to)\s+/g,
    (_: string, what: string, how: string) => `mark ${what} ${how} `,
  ],
  // "What rating has been given to Ken Thompson": his rating.
  [
    /\bwhat\s+(?:rating|score|stars?)\s+(?:has|have|was|were|did)\s+(?:been\s+)?(?:given|assigned|awarded)\s+(?:to\s+)?(.+?)(?=\s*(?:[,?.!]|\s+and\b|$))/gi,
    "what is $1's rating",
  ],
  // "..., and which position is that application for?": the job a candidate's answer names anyway.
  [
    /\s*,?\s*(?:and\s+)?(?:which|what)\s+(?:position|job|role|opening|vacancy|req)\s+(?:is|was|did)\s+(?:that|the|this|his|her|their|he|she|they)\s+(?:application|candidate|candidacy|applying|applied|apply|up)?\s*for\b\s*\??/gi,
    "?",
  ],
  // "Signed acceptance received from Frances Allen for the Product Designer role": she accepted the offer.
  [/\b(?:a\s+|the\s+)?(?:signed\s+)?(?:offer\s+)?acceptance\s+(?:letter\s+)?(?:received|came\s+in|arrived)\s+from\s+/gi, "offer accepted by "],
  [/\b(?:record|log|register|enter|book)\s+(?:the|their|her|his)\s+hire\b/gi, "mark them hired"],
  // "Isla is still recorded as "Controller". That is out of date; the correct title is ...": the old value.
  [/\b(?:is|are)\s+(?:still\s+)?(?:recorded|listed|shown|down|showing|saved|stored|entered)\s+(?:as|with)\s+["“][^"“”]{1,60}["”]/gi, "is wrong"],
  [/(?<=^|[.!?;]\s*)(?:that|this|it)\s+is\s+(?:out\s+of\s+date|outdated|wrong|incorrect|stale|no\s+longer\s+(?:right|correct|accurate))\s*[.;!]\s*/gi, ""],
  [/\bthe\s+(?:correct|right|current|actual|new)\s+(title|email|phone|domain|website|amount|due\s+date|close\s+date)\s+(?:is|should\s+be)\b/gi, "$1 is"],
  // "Need an invoice doing for Wayne Enterprises, can you sort that for me": a new one.
  [
    /\b(?:i\s+|we\s+)?need\s+(an?\s+|another\s+|a\s+new\s+)(invoice|deal|job|contact|account|candidate|opportunity)\s+(?:doing|done|sorting|sorted|raising|raised|making|made|setting\s+up|drawing\s+up|putting\s+together)\b/gi,
    "create $1$2",
  ],
  [/\s*,?\s*(?:can|could|would)\s+you\s+sort\s+(?:that|it|this)(?:\s+out)?(?:\s+for\s+(?:me|us))?\s*[?.!]*\s*$/gi, ""],
  // "who's on the new lead follow-up emails": in that sequence, however it is written.
  [
    /\bwho(?:'s|\s+is|\s+are)\s+(still\s+)?(?:currently\s+|now\s+)?(?:on|getting|receiving|in)\s+(?:the\s+|our\s+)?(?!(?:(?:the|our|list|set|series|of|follow[- ]?up|follow|up|automatic|automated|nurture|drip|marketing|sales|email)\s+)+(?:e-?mails|mails|drip|sequence|campaign|cadence)\b)((?:[\w-]+\s+){1,4}?)(?:e-?mails|mails|sequence|campaign|cadence|drip)\b/gi,
    (_: string, still: string | undefined, name: string) => `${still ? "active " : ""}enrollments in the ${name}sequence`,
  ],
  // "anything in the pipeline that's meant to close before Christmas": closing.
  [
    /\b(?:that's|that\s+is|which\s+is|that\s+are|which\s+are|that\s+were|meant)\s+(?:meant\s+|supposed\s+|expected\s+|slated\s+|set\s+|due\s+)?to\s+(close|sign|land)\b/gi,
    "closing",
  ],
  // "Has Pied Piper paid their invoice yet or do I need to chase them?": whether they paid; the chasing is the asker's.
  [
    /\s*,?\s+or\s+(?:do|should|shall|must)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?(?:chase|ring|call|email|nudge|remind|hassle|follow\s+up\s+with)\s+(?:them|him|her)(?:\s+up)?\b/gi,
    "",
  ],
  // "...? Remind me what it was for an' all, amount wise.": what the answer tells anyway.
  [/(?<=\?)\s*(?:and\s+)?(?:(?:can|could)\s+you\s+)?remind\s+me\s+(?:what|how\s+much|when)\s+[^.?!]*[.?!]?\s*$/gi, ""],
  // "as at today", "as of now": the present, which every read is.
  [/\s*,?\s*\bas\s+(?:at|of)\s+(?:today|now|this\s+morning|the\s+moment|date)\b\s*,?(?=\s|[?.!]|$)/gi, ""],
  // "total receivables outstanding, net of any part payments": what is still owed, which is net of them.
  [
    /\s*,?\s*\bnet\s+of\s+(?:any\s+|all\s+)?(?:part(?:ial)?\s+|partial\s+)?payments(?:\s+(?:already\s+)?(?:received|made|to\s+date))?(?:\s+already)?\s*,?(?=\s|[?.!]|$)/gi,
    "",
  ],
  // "... per currency? Open and overdue both count.": which are counted, as asked.
  [
    /(?<=[.?!])\s*(?:both\s+)?(?:open|unpaid|overdue|draft|paid|sent)\s+(?:and|&|or)\s+(?:open|unpaid|overdue|draft|paid|sent)(?:\s+ones)?\s+(?:both\s+|all\s+)?(?:count|included|apply|are\s+included)\s*[.!]?\s*$/gi,
    "",
  ],
  // "should close end of January all being well": a hope, not a value.
  [/\s*,?\s*\b(?:all\s+being\s+well|fingers\s+crossed|touch\s+wood|god\s+willing|if\s+all\s+goes\s+(?:well|to\s+plan))\b/gi, ""],
  // "Who've we turned down ... so far?": who have.
  [/\bwho've\b/gi, "who have"],
  [/\s+so\s+far(?=\s*[?.!]*\s*$)/gi, ""],
  // "Reject them please, not wasting any more time", "we're not taking them forward": why, not what.
  [/\s*,?\s*(?:not|no\s+point)\s+wasting\s+(?:any\s+more\s+|more\s+|any\s+)?(?:time|effort)(?:\s+on\s+(?:them|him|her))?\b/gi, ""],
  [/\s*,?\s*(?:we're|we\s+are|we\s+aren't|we're\s+just)\s+(?:not\s+)?(?:taking|moving)\s+(?:them|him|her)\s+(?:forward|further|on)\b/gi, ""],
  // Australian: "chuck an invoice together for Tyrell", "bung a quote up": make one.
  [/\b(?:chuck|throw|whip|knock|bung|bang|whack)\s+(an?|the)\s+(invoice|bill|quote)\s+(?:together|up|out)\b/gi, "create $1 $2"],
  // "Pop him in as a contact would ya", "chuck her in the system as a lead": add them.
  [/\b(?:pop|chuck|stick|bung|whack|throw|put)\s+(him|her|them)\s+(?:in|on|into\s+the\s+(?:system|crm))\s+as\s+/gi, "add $1 as "],
  [/\s*,?\s*\b(?:would|will|could|can)\s+(?:ya|yer)\b\s*\??/gi, ""],
  // "the switchboard upgrade at their office", "met a bloke from Globex on site today": where the work or the meeting was.
  [/\s+(?:at|on)\s+(?:their|his|her|our|the)\s+(?:office|premises|place|warehouse|shop|factory|building|lab|depot|site)\b/gi, ""],
  [/\s+on\s+(?:the\s+)?site(?:\s+(?:today|yesterday|this\s+morning|this\s+arvo|this\s+afternoon))?\b/gi, ""],
  [/\b(?:a|this|some)\s+(?:bloke|fella|fellow|guy|lady|sheila|chap)\b/gi, "someone"],
  // "goes in the Electrical team": its department.
  [/\b(?:goes|sits|will\s+sit|will\s+go)\s+in\s+(?:the\s+)?([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?)(?:\s+(?:team|department|dept))?\b/g, "department is $1"],
  // "4,500 bucks AUD", "45 bucks": dollars.
  [/\bbucks\s+(?=[A-Z]{3}\b)/g, ""],
  [/(\d)\s*bucks\b/gi, "$1 dollars"],
  // "Move them to interview and I'll organise a time": what the one asking will do next is no part of it.
  [/\s*,?\s+and\s+(?:I'll|I\s+will|I'm\s+going\s+to|I\s+can|we'll|we\s+will)\s+(?!need\b)[^.?!]*/gi, ""],
  // "Accountant's chasing me before EOFY.": who is pressing the one asking, not what they ask.
  [/(^|[.!?]\s+)[^.?!]{0,60}\b(?:chasing|hassling|bugging|nagging|on\s+at)\s+me\b[^.?!]*[.!]\s*(?=\S)/gi, "$1"],
  // "skip whatever's already closed", "I only care about what's in play": the records left out, and why.
  [
    /\b(?:skip|ignore|leave\s+out|exclude|drop)\s+(?:whatever's|whatever\s+is|anything|everything|the\s+ones?|any)\s+(?:that's\s+|that\s+is\s+|that\s+are\s+|already\s+|been\s+)*(closed|won|lost|paid|rejected|hired|void(?:ed)?|drafts?)\b/gi,
    "not $1",
  ],
  [/\s*,?\s*I\s+(?:only|just)\s+care\s+about\s+[^.?!]*/gi, ""],
  // "Acme Robotics is on the list for our customer-love email. before it goes out:": why it is asked.
  [
    /\b(is|are)\s+(?:on|in)\s+(?:the|our|a)\s+(?:list|send|segment|audience)\s+for\s+(?:our|the|a|this)\s+[\w\s-]{1,40}?(?:email|campaign|send|newsletter|mailing|blast|invite)s?\b[^.?!]*[.!]\s*(?:before\s+it\s+goes\s+out\s*[:,-]\s*)?/gi,
    "$1 on our list. ",
  ],
  // "is Isla Haddad still just an MQL or have they moved on?": their stage, asked.
  [
    /^\s*is\s+([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){1,2})\s+(?:still\s+)?(?:just\s+|only\s+)?(?:an?\s+)?(lead|qualified|customer|churned|mql|sql|prospect)\b(?:\s+or\s+(?:have|has|did)\s+(?:they|she|he)\s+moved\s+on)?\s*\??/iu,
    "what is $1's lifecycle stage?",
  ],
  [
    /(?<=\?)\s*what\s+(?:lifecycle\s+)?(?:stage|status)\s+(?:is|does)\s+(?:the\s+)?(?:crm|system|record|platform)\s+(?:showing|show|say|saying|have)\s*\??/gi,
    "",
  ],
  // "pause the drip while legal reviews the wording": while what else happens, which changes nothing asked.
  [/\s*,?\s+while\s+(?:legal|finance|sales|marketing|we|they|I|he|she|the\s+[\w-]+(?:\s+team)?)\s+(?:is\s+|are\s+|am\s+)?[a-z]+\b[^.?!,]*/gi, ""],
  // "liked the numbers on this morning's call": when and where it was said.
  [
    /\s+(?:on|in|during|at|after)\s+(?:this\s+morning's|today's|yesterday's|this\s+afternoon's|last\s+week's|friday's|monday's|the|our)\s+(?:call|meeting|demo|chat|zoom|catch-?up)\b/gi,
    "",
  ],
  // "Hooli Cloud says they got double billed, void the duplicate one": one of their invoices, which the one asking
  // has not named (asked about when they have several).
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})(?:\s*:|\s+says|\s+said)?\s+(?:that\s+)?(?:they|we|it)?\s*(?:got|were|was|have\s+been|has\s+been)\s+(?:double[- ]billed|billed\s+twice|charged\s+twice|invoiced\s+twice)\s*[,;.-]*\s*(?:so\s+)?(?:please\s+|pls\s+|can\s+you\s+)?void\s+the\s+(?:(?:duplicate|extra|second|other|double)(?:\s+one|\s+invoice|\s+bill)?|invoice|bill|one)\b/g,
    "void $1's invoice",
  ],
  // "X's AP has changed hands — new person is Marcus Bell": who holds a role now, told before the request.
  [
    /\b(?:[\w&'’-]+\s+){0,3}(?:AP|AR|accounts\s+payable|accounts\s+receivable|finance|billing|procurement|purchasing)\s+(?:has|have)\s+changed\s+hands\s*(?:[-–—,:;]\s*)?(?:the\s+)?new\s+(?:person|contact|one|guy|lady)\s+is\s+/gi,
    "",
  ],
  // "Marcus Bell (Accounts Payable Manager)": a title in brackets after a name.
  [
    /\b([A-Z][\p{L}'’-]+\s+[A-Z][\p{L}'’-]+)\s+\(([^()]{2,60})\)/gu,
    (all, name: string, inside: string) => (TITLE_SAID.test(inside.trim()) ? `${name}, title is ${inside.trim()},` : all),
  ],
  // "can we get him in as a contact under Northwind Traders": add him, at that account.
  [
    /\b(?:get|put|pop|bring)\s+(him|her|them)\s+(?:in|on|into\s+the\s+(?:system|crm))\s+as\s+(an?\s+)?(contact|lead)\s+(?:under|for|with)\s+/gi,
    "add $1 as $2$3 at ",
  ],
  // "want the extra onboarding session billed on its own invoice: 2,400 EUR": a new invoice, for that.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})\s+(?:want|wants|need|needs|would\s+like|asked\s+for)\s+(?:the\s+|an?\s+)?(.{3,60}?)\s+(?:billed|invoiced|charged)\s+(?:on|as|in)\s+(?:its|their|a)\s+(?:own|separate|new|standalone)\s+invoice\b/g,
    "create an invoice for $1 for the $2",
  ],
  // "... draft is fine, i'll check it before it goes": how far to take it, which a new invoice is anyway.
  [/(?<=[.!?])\s*(?:a\s+)?draft\s+is\s+(?:fine|ok|okay|good)\b[^.?!]*[.!]?/gi, ""],
  [/,\s*line\s+(["“][^"”]+["”])/gi, ", description $1"],
  // "hit pause on the new lead follow-up cadence": pause it.
  [/\b(?:hit|press|push|smash)\s+(pause|resume|play|stop)\s+on\b/gi, (_, verb: string) => (/play/i.test(verb) ? "resume" : verb.toLowerCase())],
  // "sizing top of funnel for the nurture: how many ...": what the one asking is doing, as a heading before the question.
  [/^\s*[a-z]+ing\b[^:?.!]{0,80}:\s+(?=(?:how|what|which|who|whos|who's|when|where|can|could|pls|please|is|are|do|does)\b)/i, ""],
  // "Chuck it in the pipeline as a new deal": make the deal told of.
  [
    /\b(?:chuck|put|stick|pop|bung|add|throw|whack)\s+(?:it|this|that|them)\s+(?:in|into|on)\s+(?:the\s+)?(?:pipeline|pipe|crm|system)\s+as\s+(?:an?\s+)?(?:new\s+)?(deal|opportunity)\b/gi,
    "create a new $1 for it",
  ],
  // "Tyrell Biotech are having another crack", "reckon it's worth about $45k": back again; worth.
  [/\s+(?:are|is)\s+having\s+(?:another|a\s+second|one\s+more)\s+(?:crack|go|shot|bite)\b(?:\s+at\s+it)?\s*(?:[-–—,]\s*)?/gi, " "],
  // "$45k US", "$4,500 AU": which dollars.
  [/(\$\s?\d[\d,.]*\s?(?:k|m)?)\s+(US|AU|CA|NZ)\b(?!\s*\$)/gi, (_, amount: string, country: string) => `${amount} ${country.toUpperCase()}D`],
  // "they want a quote on a lab fit-out": the work quoted for is the deal.
  [
    /\b(?:want|wants|need|needs|asked\s+for|are\s+after|is\s+after)\s+(?:a\s+)?(?:quote|price|pricing|proposal)\s+(?:on|for)\s+(?:an?\s+|the\s+)?([\w-]+(?:\s+[\w-]+){0,3})(?=\s*,)/gi,
    // ("pricing on 40 pallet jacks": a name that starts with a count is quoted, so the count is no amount.)
    (_: string, name: string) => `want a deal called ${/^\d/.test(name) ? `"${name}"` : name}`,
  ],
  [/\b(?:I\s+)?reckon\s+(?=it's|it\s+is|its|they're|that's)/gi, ""],
  // "the lighting job the boys knocked over last week": who did the work, and when, is no part of the invoice.
  [
    /\s+(?:that\s+)?(?:the\s+)?(?:boys|lads|guys|team|crew|blokes)\s+(?:knocked\s+over|did|finished|wrapped\s+up|smashed\s+out)\b(?:\s+(?:last\s+week|yesterday|today|this\s+week|on\s+\w+day))?/gi,
    "",
  ],
  [/\s*,?\s*proper\s+[\w\s]{0,30}?\s+on\s+(?:that|this)\s+one\b/gi, ""],
  // "Give Ken Thompson the flick": reject them.
  [/\bgive\s+(.{2,40}?)\s+the\s+(?:old\s+)?(?:flick|boot|arse|heave[- ]ho|chop|bullet)\b/gi, "reject $1"],
  // "a chat with Radia Perlman between jobs today": between the caller's own jobs, which names no record.
  [/\s*\bbetween\s+(?:jobs|meetings|calls|sites)\b/gi, ""],
  // "How many people have we put on (hired)": taken on as staff.
  [/\b(?:put|taken|take|took)\s+on\s*\(\s*hired\s*\)/gi, "hired"],
  [/\b(people|staff|workers|blokes|anyone|many)\s+(have|has|did)\s+we\s+(?:actually\s+)?(?:put|taken|take)\s+on\b(?!\s+hold)/gi, "$1 $2 we hired"],
  // "Accountant's chasing me before EOFY", "All up, how much": the financial year's end is when, "all up" is in all.
  [/\s*,?\s*\b(?:before|by|ahead\s+of|for)\s+(?:the\s+)?(?:EOFY|EOY|end\s+of\s+(?:the\s+)?financial\s+year)\b/gi, ""],
  [/\ball\s+up\s*,?\s*/gi, "in total, "],
  // "bin off the linkedin applicant": reject them.
  [/\bbin\s+(?:off\s+)?(?=(?:the\s+|that\s+)?(?:[\w-]+\s+)?(?:applicant|candidate)s?\b)/gi, "reject "],
  [/\b(referral|linkedin|agency|indeed|website|job\s+board)\s+(candidate|applicant|hire)\b/gi, "$2 who came in through $1"],
  // "Need to get a job up for a warehouse operative": a new job, called that.
  [
    /\b(?:(?:i\s+|we\s+)?need\s+to\s+)?(?:get|put|stick|chuck|bung|whack|throw)\s+(?:a|an|the)\s+(?:job\s+(?:ad|advert|posting|listing)|job|role|vacancy|advert|ad|posting|listing)\s+up\s+for\s+(?:an?\s+)?/gi,
    "create a job called ",
  ],
  [/\bbased\s+(?:at|out\s+of)\s+(?:the|our)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)\s+(?:depot|office|site|warehouse|branch|store|shop|plant|hub)\b/g, "in $1"],
  // "How many candidates have we got live": in the pipeline.
  [/\b(?:have|has)\s+(?:we|you)\s+got\s+live\b/gi, "are in the pipeline"],
  // "Remove them from the sequence with immediate effect": now, which every change is.
  [/\s*,?\s*(?:with\s+immediate\s+effect|effective\s+immediately|immediately|straight\s+away|forthwith)\b/gi, ""],
  // "the contacts held on file for Aperture Labs": kept, not put on hold.
  [
    /\b(records|contacts|people|invoices|deals|accounts|details|data|candidates)\s+(?:we\s+)?(?:held|hold|kept|keep|stored|store|recorded|record|saved|have)\s+(?=for\b|against\b|under\b|at\b)/gi,
    "$1 ",
  ],
  // "..., along with each person's job title": what each line shows, which it does.
  [
    /\s*,?\s*(?:along\s+with|together\s+with|with|including)\s+(?:each|every|their)\s+(?:person's\s+|one's\s+|contact's\s+)?(?:job\s+)?(?:titles?|emails?|phones?|roles?)(?:\s+(?:and|&)\s+(?:job\s+)?(?:titles?|emails?|phones?|roles?))?\b/gi,
    "",
  ],
  // "which pipeline stage is the Northwind deal sitting in": its stage.
  [/\bwhich\s+(?:pipeline\s+)?stage\s+is\s+(.+?)\s+(?:sitting|sat|currently|now)\s+(?:in|at)\b/gi, "what stage is $1 in"],
  [
    /\bwhat\s+(?:value|amount)\s+(?:has\s+been|is|was)\s+(?:recorded|booked|entered|logged)\s+(?:against|for|on)\s+(?:it|that|the\s+deal)\b/gi,
    "what is its amount",
  ],
  [/\b(its|their)\s+(?:current\s+|recorded\s+)?value\b/gi, "$1 amount"],
  // "what web address do we have for Aperture Labs": its website.
  [/\bweb\s*(?:address|url|page)\b/gi, "website"],
  // "still sitting there as drafts": in draft.
  [/\b(?:sitting|stuck|left|lying)\s+(?:there\s+|around\s+)?(?:as|in)\s+(?:a\s+)?drafts?\b/gi, "in draft"],
  // "post the receipt from Umbrella", "a receipt of 4,400.00 USD from Initech": in the books, money received.
  [
    /\b(post|record|log|book|enter|allocate|apply|match)\s+(?:the\s+|a\s+|this\s+|that\s+|their\s+|today's\s+|yesterday's\s+)?(?:cash\s+)?receipt\b/gi,
    "$1 the payment",
  ],
  [/\b(?:cash\s+)?receipts?\s+(?=of\s+(?:[$€£]|\d|usd|eur|gbp))/gi, "payment "],
  // "we shan't see a penny from Pied Piper for the custom integration work ... write that invoice off": write off their invoice for it.
  [
    /\b(?:we\s+)?(?:won't|shan't|will\s+not|shall\s+not|aren't\s+going\s+to|are\s+not\s+going\s+to|'re\s+not\s+going\s+to|will\s+never|'ll\s+never|are\s+never\s+going\s+to|'re\s+never\s+going\s+to)\s+(?:see\s+(?:a\s+)?(?:penny|cent|dime|dollar|pound|thing)|get\s+(?:paid|anything|a\s+penny)|be\s+paid|recover\s+(?:anything|it|that|the\s+money))\s+(?:from|by)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:for|on)\s+(?:the\s+)?([^,.;!?]{3,60}?)\s*[,.;]\s*(?:[^.?!]*[.!?]\s*)?(?:(?:so\s+)?(?:could|can|would)\s+you\s+(?:please\s+)?|please\s+|so\s+)?write\s+(?:it|that|this|that\s+invoice|this\s+invoice|the\s+invoice)\s+off\b(?:\s+as\s+(?:a\s+)?bad\s+debt)?/i,
    "write off the $1 invoice for the $2",
  ],
  [/\b(write\s+(?:\S+\s+){0,4}?off|written\s+off|write-off)\s+as\s+(?:a\s+)?bad\s+debts?\b/gi, "$1"],
  // "the end of the financial year, that is to say the 31st of March": the day said.
  [
    /\b(?:the\s+)?(?:end|close|start|beginning)\s+of\s+(?:the|our)\s+(?:financial|fiscal|tax)\s+year\s*,?\s*(?:that\s+is\s+to\s+say|that\s+is|that's|i\.e\.?|namely|which\s+is)\s+/gi,
    "",
  ],
  // "(negotiation, I believe it's called)": the product's word, after a description of it.
  [
    /\(\s*([\w-]+(?:\s+[\w-]+)?)\s*,?\s*(?:i\s+(?:believe|think)|as\s+i\s+understand\s+it)\s+(?:it's|it\s+is|that's|that\s+is|they're|they\s+are)\s+called\s*\)/gi,
    "($1)",
  ],
  [/\b(?:reached\s+)?the\s+(?:stage|point|step|phase)\s+(?:where|at\s+which|when)\s+[^()]{3,60}?\(\s*([\w-]+(?:\s+[\w-]+)?)\s*\)/gi, "reached the $1 stage"],
  [/\b(?:have|has)\s+reached\s+the\s+([\w-]+(?:\s+[\w-]+)?)\s+stage\b/gi, "are in $1"],
  // "in our records", "to our records under Northwind": where the teller keeps them, and at whom.
  [/\s+(?:to|in|on|into)\s+(?:our|the)\s+(?:records|books|system|crm|database|files)\b/gi, ""],
  // (Not "rejected for Product Designer": a candidate's stage for a role.)
  [
    /(?<!\b(?:rejected|hired|declined|withdrawn|interview|screening|offer|applied|candidates?|applicants?)\s)\b(?:under|for)\s+(?=[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*\s*[?.!]?\s*$)/g,
    "at ",
  ],
  // "update her job title": a person's title, not a job.
  [/\bjob\s+title\b/gi, "title"],
  // "has now become a customer of ours": is one now.
  [/\b(?:has|have)\s+(?:now\s+)?become\s+(?:a|an)\s+([\w-]+)(?:\s+of\s+ours)?\b/gi, "is now a $1"],
  // "a quick run-down of where each of the candidates for the X vacancy has got to": the candidates for it.
  [
    /\b(?:(?:give\s+me\s+)?(?:a|the)\s+(?:quick\s+|brief\s+|short\s+)?(?:run-?down|summary|overview|update|round-?up)\s+(?:of|on)\s+)?where\s+(?:each\s+of\s+|all\s+of\s+|every\s+one\s+of\s+)?(?:the\s+|our\s+)?(candidates|applicants|deals)\s+(.{0,60}?)\s*(?:has|have)\s+got(?:\s+to)?\b/gi,
    "show the $1 $2",
  ],
  // "pull together a list of", "put together a list of": list.
  [/\b(?:pull|put|draw)\s+(?:together\s+)?(?:for\s+me\s+)?(?:a\s+)?(?:list|summary)\s+of\s+/gi, "list "],
  [/\b(?:our\s+)?(?:most\s+)?(?:highly|highest|top|best)[- ]rated\s+(candidates|applicants)\s*,\s*(?:those|the\s+ones|i\.e\.?)\s+/gi, "$1 "],
  // "Her name is Priya Raman, her email address is ...": the one to add.
  [/\s*[?.!]?\s+(?:his|her|their|the\s+candidate's|the\s+contact's)\s+(?:full\s+)?name\s+is\s+/gi, ": "],
  // "the median time it is taking us to hire someone": time to hire.
  [
    /\b(median|average|mean|typical)\s+time\s+(?:it\s+(?:is\s+taking|takes|took|'s\s+taking)\s+(?:us\s+)?)?to\s+(?:hire|fill\s+a\s+role)(?:\s+(?:someone|somebody|people|a\s+person|for\s+a\s+role))?\b/gi,
    "$1 time to hire",
  ],
  // "in play", "who has neither been hired nor turned down": still in the pipeline.
  [
    /\b(?:who|that)\s+(?:has|have)\s+neither\s+been\s+(?:hired|rejected|turned\s+down)\s+nor\s+(?:been\s+)?(?:hired|rejected|turned\s+down)\b|\bneither\s+hired\s+nor\s+(?:rejected|turned\s+down)\b/gi,
    "still in the pipeline",
  ],
  [/,?\s*by\s+which\s+i\s+mean\s+(?:everyone|everybody|anyone|those|the\s+ones)\s+(?=still\s+in\s+the\s+pipeline)/gi, " "],
  [/\bin\s+play\b/gi, "in the pipeline"],
  // "the Umbrella Health expansion, the fifty additional seats, to be signed": a description set apart, of the name before it.
  [/(?<=\b[A-Z][\w&'’-]*(?:\s+[\w&'’-]+){0,4}),\s+(?:the|that|our|i\.e\.)\s+[^,.;!?]{2,50},\s+(?=(?:expected|to\s+be|to\s+close|is|are|was|has|have)\b)/g, " "],
  // "expected to be concluded before Christmas", "when are we expecting the expansion to be signed and sealed": to close.
  [
    /\b(?:expected|expecting|due|likely|going)\s+to\s+be\s+(?:concluded|signed(?:\s+(?:and|&)\s+sealed)?|sealed|wrapped\s+up|closed|won|finali[sz]ed|over\s+the\s+line)\b/gi,
    "expected to close",
  ],
  [
    /\bwhen\s+(?:are|do)\s+we\s+(?:expect|expecting|think|reckon)\s+(?:to\s+(?:get|have)\s+)?(.{2,80}?)\s+(?:to\s+be\s+|to\s+get\s+|to\s+|will\s+be\s+|will\s+)?(?:signed(?:\s+(?:and|&)\s+sealed)?|closed|concluded|wrapped\s+up|over\s+the\s+line|close|sign|get\s+signed)\b/gi,
    "when is $1 expected to close",
  ],
  // "a backfill req", "a replacement role": why the job is opened, not its name.
  [/\b(?:backfill|replacement)\s+(?=(?:req|reqs|role|job|position|opening|hire)\b)/gi, ""],
  // "receivables aged past 60 days": overdue by more than that.
  [/\baged\s+(?:past|over|beyond|more\s+than|above)\s+(\d+)\s+days\b/gi, "more than $1 days overdue"],
  // "between today and 14 days from now": the next 14 days.
  [/\bbetween\s+(?:today|now)\s+and\s+(\d+)\s+(days?|weeks?)\s+(?:from\s+(?:now|today)|out|ahead)\b/gi, "in the next $1 $2"],
  [/\(\s*not\s+(?:the\s+)?(?:ones?\s+)?(?:that\s+are\s+)?(?:already\s+)?(?:overdue|late)(?:\s+ones)?\s*\)/gi, ""],
  // "on or before December 31": by that day.
  [/\bon\s+or\s+before\b/gi, "by"],
  [/\bon\s+or\s+after\b/gi, "from"],
  // "list the contacts and flag which ones are decision-makers": the list shows it.
  [/[,\s]+and\s+(?:flag|mark|highlight|note|show|tell\s+me)\s+which\s+(?:ones?|of\s+them)\s+(?:are|is)\s+(?:the\s+)?[\w-]+\b/gi, ""],
  // "and where are they based", "across both currencies": the list's lines and sums say it.
  [/[,\s]+and\s+where\s+(?:are\s+they|is\s+it|is\s+each)\s+(?:based|located)\b/gi, ""],
  [/\s+(?:across|in)\s+(?:both|all)\s+(?:the\s+|our\s+)?currencies\b/gi, ""],
  // "the people we're trying to hire": candidates.
  [/\b(?:the\s+)?people\s+(?:that\s+)?(?:are\s+)?we(?:'re|\s+are)\s+(?:trying\s+to\s+hire|considering|hiring)\b/gi, "candidates"],
  [/\bhow\s+many\s+people\s+are\s+we\s+(?:trying\s+to\s+hire|considering)\b/gi, "how many candidates are there"],
  // "the companies we sell to", "the businesses we work with": accounts.
  [/\b(?:the\s+)?(?:companies|businesses|firms|organi[sz]ations)\s+(?:that\s+)?we\s+(?:sell\s+to|work\s+with|do\s+business\s+with|serve)\b/gi, "accounts"],
  // "a new person under Initech": a contact at it.
  [/\b(?:new\s+)?(?:person|contact|guy|lady|woman|man)\s+under\s+(?=[A-Z])/g, "contact at "],
  // "the email drip thing", "the drip one": the sequence.
  [/\b(?:the\s+)?(?:automatic\s+|automated\s+)?(?:e-?mail\s+)?drip(?:\s+(?:thing|one|campaign|emails?))?\b/gi, "the sequence"],
  // "do we still show them as owing us anything": what they owe.
  [
    /\bdo\s+we\s+(?:still\s+)?(?:show|have)\s+(them|him|her|[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:as\s+)?(?:owing|down\s+as\s+owing)(?:\s+us)?(?:\s+anything)?/g,
    (_: string, who: string) => `what do ${({ them: "they", him: "he", her: "she" } as Record<string, string>)[who] ?? who} still owe us`,
  ],
  // "On the Globex thing from last week, what do they owe": the topic named.
  [
    /^\s*(?:[Oo]n|[Aa]bout|[Rr]e|[Rr]egarding)\s+the\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:thing|situation|matter|topic|issue|front)(?:\s+from\s+(?:last|this)\s+\w+)?\s*,\s*/g,
    "$1, ",
  ],
  // "an invoice ... covering an onboarding workshop": what it is for.
  [/\b(invoice|bill)\b(.*?)\bcovering\s+(?=(?:an?|the|our|their)\s)/gi, "$1$2for "],
  // "net 30", "usual net 30 terms", "usual terms": when it is due, and a remark.
  [/\b(?:(?:on|with)\s+)?(?:our\s+|the\s+)?(?:usual|standard|normal|regular)\s+(net[\s-]?\d{1,3})(?:\s+(?:payment\s+)?terms)?\b/gi, "$1"],
  [/[,\s]+(?:on\s+|with\s+)?(?:our\s+|the\s+)?(?:usual|standard|normal|regular)\s+(?:payment\s+)?terms\b/gi, ""],
  [/\bnet[\s-]?(\d{1,3})\b(?:\s+(?:payment\s+)?terms\b)?(?!\s*(?:days|%))/gi, "due in $1 days"],
  // "..., which to me means that deal belongs in Proposal now, please update it": move it there.
  [
    /,?\s*which\s+(?:to\s+me\s+|i\s+think\s+|I\s+think\s+)?means\s+(?:that\s+|the\s+)?(deal|opportunity|opp|candidate)\s+(?:now\s+)?(?:belongs|should\s+(?:go|be|move))\s+(?:in|at|to|into)\s+([^,.;!?]+?)(?:\s+now)?\s*(?:[,.;!]\s*(?:so\s+)?(?:please|pls|can\s+you|could\s+you)?\s*(?:update|change|move)\s+(?:it|that|this)\b)?(?=\s*(?:[,.;!?]|$))/gi,
    ", so move the $1 to $2",
  ],
  // "more than 45 days late paying", "behind on payments": late.
  [/\b(late|behind)\s+(?:in\s+|with\s+|on\s+)?(?:paying|payments?)(?:\s+(?:us|their\s+(?:bills?|invoices?)))?\b/gi, "$1"],
  // "Leo at Stark should get the follow up emails too - could you sign him up?": enroll him.
  [
    /^\s*(.+?)\s+should\s+(?:also\s+)?(?:get|receive|be\s+getting|be\s+receiving|be\s+in|go\s+(?:in|into))\s+(?:the\s+)?((?:[\w-]+\s+){0,3}?(?:e-?mails|sequence|drip|campaign|cadence)s?)\b(?:\s+too|\s+as\s+well)?(?:\s*\([^)]*\))?(?:\s*[-–—,.;]+\s*(?:(?:so\s+)?(?:could|can|would)\s+you\s+|please\s+|pls\s+)?(?:sign|add|put|enrol?l)\s+(?:him|her|them)(?:\s+(?:up|in))?\s*[?.!]*)?\s*$/i,
    (_: string, who: string, what: string) =>
      `enroll ${who} in the ${what.replace(/\s*\b(?:e-?mails|drip|campaign|cadence)s?$/i, "")} sequence`.replace(/\s+/g, " "),
  ],
  // "my manager says we're never going to get paid for the old Globex one, so we should write it off": write it off.
  [
    /^\s*(?:(?:my|our|the)\s+[\w-]+\s+says?\s+(?:that\s+)?)?we(?:'re|\s+are|'ll|\s+will)\s+never\s+(?:going\s+to\s+)?(?:get\s+paid|be\s+paid|see\s+(?:the\s+|that\s+)?(?:money|payment|cash))\s+(?:for|on)\s+(.+?)\s*,?\s+so\s+(?:we\s+should|we\s+need\s+to|let's|please|pls)?\s*write\s+(?:it|that|this)\s+off\b/i,
    "write off $1",
  ],
  // "the old Globex one in pounds": Globex's oldest invoice.
  [/\bthe\s+old\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:one|invoice|bill)\b/g, "the $1 invoice"],
  // "are we getting any replies out of them or is it crickets?": the reply rate.
  [
    /\bare\s+we\s+(?:getting|seeing)\s+(?:any\s+)?(?:replies|responses)(?:\s+(?:out\s+of|from)\s+(?:them|it|those|these))?(?:\s+or\s+(?:is\s+it\s+)?[\w\s]+?)?(?=\s*[?.!]|$)/gi,
    "what is the reply rate",
  ],
  // "rank whatever is sitting in Negotiation by deal size, biggest first": the largest, in order.
  [
    /^\s*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:rank|sort|order)\s+(.+?)\s+by\s+(?:(?:deal|their|its)\s+)?(?:size|value|amount|worth)(?:\s*,?\s*(?:biggest|largest|highest)\s+first)?/i,
    "the 10 largest $1",
  ],
  [/\bwhatever\s+is\s+(?:sitting\s+|stuck\s+|currently\s+)?in\s+/gi, "deals in "],
  // "rank the clients by how much overdue USD they owe us": who owes the most.
  [
    /\b(?:rank|sort|order)\s+(?:the\s+|our\s+)?(clients|customers|accounts|debtors)\s+by\s+how\s+much\s+((?:[\w-]+\s+){0,2}?)(?:they\s+)?(?:owe|are\s+owing)(?:\s+us)?\b/gi,
    (_: string, who: string, what: string) => `which ${who} owe us the most ${what}`.trim(),
  ],
  [
    /[,\s]+and\s+(?:give|tell|show)\s+me\s+(?:the\s+)?total(?:\s+value)?(?:\s+of\s+(?:that|this|the)\s+stage|\s+of\s+(?:them|those|these)|\s+too)?\b/gi,
    ", with their total",
  ],
  // "open balance, overdue included": open or overdue.
  [/[,\s]*\b(?:(?:the\s+)?(?:overdue|late)(?:\s+ones)?\s+included|including\s+(?:the\s+)?(?:overdue|late)(?:\s+ones)?)\b/gi, " (open or overdue)"],
  // "new expected close is end of January": set it so.
  [
    /\b(?:the\s+)?(?:new|revised|updated)\s+(?:(?:expected\s+)?(close)(?:\s+date)?|(due)\s+date)\s+(?:is|will\s+be|should\s+be|:)\s+/gi,
    (_: string, close: string | undefined) => `set the ${close ? "close" : "due"} date to `,
  ],
  // "New SOW signed with Northwind Traders - I need an invoice out to them ...": the news is whom the request is for.
  [
    /^\s*(?:(?:a|the|our)\s+)?(?:new\s+)?(?:SOW|statement\s+of\s+work|contract|agreement|order|PO|purchase\s+order|deal)\s+(?:just\s+)?(?:signed|agreed|closed|booked|in)\s+with\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*(?:[-–—:;,.!]+\s*)(\S.*)$/i,
    (_: string, who: string, rest: string) =>
      /\b(?:them|they|their)\b/i.test(rest) ? rest.replace(/\bthem\b|\bthey\b/i, who).replace(/\btheir\b/i, `${who}'s`) : `${rest} for ${who}`,
  ],
  // "Hooli signed the data migration SOW": the deal of that name.
  [/\bsigned\s+(?:the|their|our)\s+((?:[\w-]+\s+){1,3}?)(?:SOW|statement\s+of\s+work|contract|agreement|paperwork)\b/gi, "signed the $1deal"],
  // "mark it close-won".
  [/\bclosed?[- ](won|lost)\b/gi, "$1"],
  // "signed 🎉 sales asked me to ...": an emoji between two sentences is their stop.
  [/\s*(?:\p{Extended_Pictographic}[\u200d\ufe0f]?)+\s*(?=\S)/gu, ". "],
  // "just names is fine", "per currency is fine": how the answer may come, not a filter.
  [
    /[,;–—-]?\s*\b(?:just|only|per|by)\s+(?:the\s+)?(?:names?|numbers?|emails?|totals?|figures?|amounts?|currency|client)\s+(?:is|are|would\s+be|will\s+do)\s+(?:fine|ok|okay|enough|good|great)\b[.!]?/gi,
    "",
  ],
  // "how much of what people owe us is overdue": how much is overdue; "what people owe us": what clients owe.
  [/\bof\s+what\s+(?:people|folks|everyone|everybody|(?:our\s+|the\s+)?(?:clients|customers))\s+owes?\s+us\s+/gi, ""],
  // "has Tyrell settled the onboarding workshop invoice yet?": that invoice, whatever its state (what was billed quoted,
  // so "pipeline review" is words of it, not the sales pipeline).
  [
    /^\s*(?:has|have|did)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})\s+(?:ever\s+|already\s+|actually\s+|finally\s+)?(?:paid|pay|settled|settle|cleared|clear)\s+(?:off\s+)?the\s+((?:[\w-]+\s+){1,4})(invoice|bill)\b(?:\s+(?:yet|already))?/i,
    (_: string, client: string, what: string, noun: string) => `show the ${client} "${what.trim()}" ${noun}`,
  ],
  [/\bwhat\s+(?:people|folks|everyone|everybody)\s+owes?\s+us\b/gi, "what clients owe us"],
  // "how much money do customers still owe us": how much we are owed.
  [/\b(?:money\s+)?(?:do|does)\s+(?:our\s+|the\s+|all\s+(?:our\s+|the\s+)?)?(?:customers|clients|people|companies)\s+(?:still\s+)?owe\s+us\b/gi, "are we owed"],
  // "I need to get an invoice out to Northwind", "Aperture Labs need invoicing for their API overage": bill them.
  [/\b(?:i|we)\s+(?:need|have|want)\s+to\s+(?:get|send)\s+(an?\s+(?:new\s+)?(?:invoice|bill))\s+out\s+to\b/gi, "raise $1 for"],
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})\s+(?:need|needs|want|wants|is\s+due|are\s+due)\s+(?:invoicing|billing|an\s+invoice|a\s+bill)\s+for\s+(?:their|its|the)?\s*/g,
    "raise an invoice for $1 for ",
  ],
  // "due at the end of the month as usual": how it always is, no value.
  [/[,;]?\s*\b(?:as\s+usual|as\s+always|like\s+usual|like\s+always|as\s+normal|as\s+per\s+usual)\b/gi, ""],
  // "for send the invitation of the event", "for to call them": why, said the way Portuguese and Spanish say it.
  [/[,;]?\s*\bfor\s+(?:to\s+)?(?:send|make|do|prepare|call|invite|use|write|contact)\b[^.?!]*/gi, ""],
  // "need the emails of the contacts of Globex": the contacts, whose lines hold their emails.
  [
    /\b(?:i\s+|we\s+)?need\s+(?:the\s+|all\s+the\s+)?(?:e-?mails?(?:\s+addresses)?|phones?(?:\s+numbers)?|names)\s+(?:of|for)\s+(?:the\s+|all\s+the\s+)?(contacts|people|persons)\b/gi,
    "show the $1",
  ],
  // "send me the list of overdue invoice": show it.
  [/\bsend\s+me\s+(?=(?:the|a)\s+(?:list|report|summary|overview)\b|all\s+the\b|the\s+[a-z]+s\b)/gi, "show me "],
  // "change: now is USD 32.500": what it is now, not a date.
  [/\bnow\s+(?=(?:is|are|it's)\b)/gi, ""],
  // "the close date go to 15/01", "amount change to 5k": the field to its value.
  [/\b(date|amount|value|stage|status|title|rating)\s+(?:go|goes|change|changes|move|moves|pass|passes)\s+(?=to\b)/gi, "$1 "],
  // "put rating 4 in the Tim Berners-Lee": give him a rating of 4.
  [
    /\b(?:put|set|give|add|register)\s+(?:a\s+|the\s+)?(?:rating|score)\s+(?:of\s+)?([1-5])(?:\s+stars?)?\s+(?:in|on|to|for)\s+(?:the\s+)?([^,.;!?]+?)(?=\s*(?:[,.;!?]|$))/gi,
    "give $2 a rating of $1",
  ],
  // "what stage is it in and when are we expecting it to close": a deal's stage is read back with its close date.
  [
    /[,;]?\s*(?:and\s+)?when\s+(?:are|do|is|does)\s+(?:we|they|it)\s+(?:expecting|expect|expected|forecasting|planning|going|supposed)\s+(?:(?:it|them|this|that)\s+)?to\s+close\b/gi,
    "",
  ],
  // "who's going through the follow-up sequence": who is in it.
  [/\b(who(?:'s|\s+is|\s+are)?)\s+(?:currently\s+|still\s+)?(?:going|getting|running|working|moving)\s+through\b/gi, "$1 in"],
  // "which client has the most overdue", "which customers have the most outstanding": who owes the most.
  [
    /\b(which|what)\s+(?:client|customer|account|company|debtor)(s)?\s+(?:has|have|had)\s+(?:got\s+)?the\s+most\s+(?:money\s+)?(overdue|late|past\s+due|outstanding|owing|unpaid|owed|open)\b/gi,
    (_: string, which: string, many: string | undefined, what: string) =>
      `${which} ${many ? "clients" : "client"} ${many ? "owe" : "owes"} the most${/^(?:overdue|late|past)/i.test(what) ? " overdue" : ""}`,
  ],
  // "which overdue invoice has the most still owing on it": the largest by what is still due.
  [
    /\b(?:which|what)\s+((?:[\w-]+\s+){0,3}?)(?:one\s+)?(?:has|have|had|carries|is\s+carrying)\s+the\s+(?:most|biggest\s+amount|largest\s+amount|highest\s+amount)\s+(?:of\s+)?(?:money\s+|cash\s+)?(?:still\s+)?(?:owing|owed|due|outstanding|unpaid|left(?:\s+to\s+pay)?|to\s+pay|open)\b(?:\s+on\s+it)?/gi,
    (_: string, kind: string) => `which one is the largest ${kind}still due`,
  ],
  // "Acme Robotics' cheque for $5,000.00 has cleared": Acme Robotics paid $5,000.00.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}?)(?:['’]s?)?\s+(?:cheque|check|bank\s+transfer|transfer|wire|payment|remittance)\s+(?:of|for)\s+((?:[$€£]\s?)?\d[\d,.]*(?:\s?[km])?(?:\s*(?:usd|eur|gbp|dollars|euros|pounds))?)\s+(?:has\s+|have\s+|just\s+|finally\s+)*(?:cleared|came\s+in|arrived|landed|been\s+received|was\s+received|hit\s+the\s+(?:bank|account)|went\s+through)\b/g,
    "$1 paid $2",
  ],
  // "...; the remainder is still owed", "the rest is coming next month": said of a part payment, not asked.
  [
    /[;,.]?\s*(?:and\s+)?the\s+(?:remainder|rest|balance)\s+(?:is|remains|will\s+be|should\s+be)\s+(?:still\s+)?(?:owed|due|outstanding|open|unpaid|to\s+come|coming)\b[^.;!?]*/gi,
    "",
  ],
  // "tyrell sent some money over this morning": a payment of an amount not said (asked, never taken as the whole).
  [
    /\b(?:sent|wired|transferred|paid)\s+(?:us\s+)?(?:some|a\s+bit\s+of|a\s+little|part\s+of\s+the)\s+(?:money|cash|funds|payment)(?:\s+over)?\b/gi,
    "made a payment",
  ],
  // "Initech paid part of their balance", "Blue Sun partially paid their invoice", "Hooli short-paid the bill", "Umbrella
  // is paying some of what they owe": told as news, a part payment whose amount is asked when not said. (Asked as a
  // question, "has Initech paid part of ...", it is not news: the sentence starts with the name.)
  [
    /(^|[.!?]\s+)(?:(?:so|ok(?:ay)?|fyi|heads\s+up|update)\W+)?([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3})\s+(?:has\s+|have\s+|just\s+|only\s+|finally\s+|now\s+)*(?:(?:(?:partly|partially)\s+|part[- ]?|short[- ]?)paid\s+(?:off\s+)?(?:their|the|its|his|her|our)\s+(?:\w+\s+)?(?:invoice|bill|balance)|(?:made|sent|paid|wired|transferred|remitted|(?:is|are|were|was)\s+paying|(?:'s|’s|'re|’re)\s+paying)\s+(?:us\s+)?(?:a\s+)?(?:part(?:ial)?[- ]payment|(?:part|some|a\s+(?:portion|chunk|bit))\s+of\s+(?:what\s+(?:they|he|she|it)\s+owes?(?:\s+us)?|it|the\s+(?:money|amount|balance|invoice|bill)|(?:their|its|his|her)\s+(?:\w+\s+)?(?:balance|invoice|bill)))(?:\s+(?:on|against|towards?|for)\s+(?:their|the|its|his|her)\s+(?:\w+\s+)?(?:invoice|bill|balance))?)/g,
    (_: string, start: string, who: string) => `${start}log a partial payment from ${who}`,
  ],
  // "drop him to a 4", "bump Grace up to a 5", "lower Ken's rating to 3": a candidate's stars.
  [
    /\b(?:drop|bump|move|lower|raise|knock|take|bring|put|upgrade|downgrade|mark|set|change)\s+(.{1,40}?)(?:['’]s\s+(?:rating|score|stars))?\s+(?:down\s+|up\s+|back\s+)?to\s+(?:a\s+)?([1-5])(?:\s*(?:stars?|out\s+of\s+(?:5|five)|\/5))?(?![\w.,%])(?!\s*(?:k|m|usd|eur|gbp|dollars?|euros?|pounds?|days?|weeks?|months?|%|percent))/gi,
    (said: string, who: string, n: string) => {
      if (/\b(?:deal|invoice|amount|price|seats?|users?)\b/i.test(who)) return said;
      // "knock their rating down to a 2": whose rating it is.
      const whose = who
        .replace(/(?:['’]s)?\s+(?:rating|score|stars?)$/i, "")
        .replace(/^(?:their|them)$/i, "them")
        .replace(/^his$/i, "him");
      return `rate ${whose} ${n} stars`;
    },
  ],
  // "we're done hiring for the product designer role": it is filled.
  [/\b(?:we'?re|we\s+are|i'?m)\s+(?:all\s+)?(?:done|finished|through)\s+(?:with\s+)?(?:hiring|recruiting|interviewing)\s+for\s+/gi, "we filled "],
  // "we need to start hiring a CSM", "we want to recruit two engineers": a role to open.
  [
    /\b(?:we|i)\s+(?:need|want|have|plan|are\s+going|'re\s+going|would\s+like|'d\s+like|are\s+about|'re\s+about)\s+to\s+(?:start\s+|begin\s+)?(?:hire|hiring|recruit|recruiting|bring\s+on|look\s+for|find)\s+(?=(?:a|an|another|two|three|\d+)\b)/gi,
    "we're hiring ",
  ],
  // "my contact at Globex says they paid": the company says it.
  [
    /\b(?:my|our)\s+(?:main\s+)?(?:contact|person|guy|lady|rep|champion|buyer|ap\s+(?:person|lady|guy|team|contact)|finance\s+(?:person|team|contact))\s+(?:over\s+)?at\s+(?=[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}\s+(?:says|said|tells|told|mentioned|confirmed|called|rang|emailed|wrote|asked|just|thinks|claims)\b)/g,
    "",
  ],
  // "contacts at lifecycle stage = lead", "status: overdue": a filter written as a query.
  [/\b(?:lifecycle\s+stage|lifecycle|stage|status)\s*(?:==?|:)\s*/gi, ""],
  // "can u resend the... actually nvm just tell me what they owe": a request begun and taken back is not asked.
  [/[^,.;!?]*?(?:\.\.\.|…)\s*(?:actually\s+|oh\s+|wait\s+)?(?:nvm|never\s*mind|scratch\s+that|forget\s+(?:that|it))\b[,.!\s]*(?:just\s+)?/gi, " "],
  // "saw on linkedin Noah got promoted", "heard from Ava that ...": where the news came from is not asked about.
  [
    /^\s*(?:(?:i|we)\s+)?(?:just\s+)?(?:saw|seen|heard|read|noticed|spotted|learned|learnt)\s+(?:on|in|from|via|through)\s+(?:linkedin|twitter|x|the\s+news|slack|email|teams|a\s+call|the\s+grapevine|the\s+call)\s*(?:that\s+)?/i,
    "",
  ],
  ...POLITE_REWRITES,
  // "inv-46 whats the status on that one": the record, then a question about it.
  [
    /^\s*([a-z]{2,5}-?\s?\d{1,9})\s*[-–—:,]?\s+(what's|what\s+is|how's|where's)\s+(?:the\s+)?(status|state|balance|due\s+date|amount)\s+(?:on|of|with|for)\s+(?:that|it|this)(?:\s+one)?/i,
    "$2 the $3 of $1",
  ],
  // "tyrell platform rollout - what stage is that at": the topic, then a question about it.
  [
    /^\s*([^-–—:?.!]{3,60}?)\s+[-–—:]+\s+((?:what|what's|when|when's|which|where|where's|how|is|has|did)\b[^?.!]*?)\b(?:it|that|this)(?:\s+one)?\b/i,
    // "tyrell onboarding workshop inv - how much is still outstanding on it" names its kind: read as it is.
    (said: string, topic: string, before: string) => (resourceOf(topic.trim().split(/\s+/).at(-1)!.toLowerCase()) ? said : `${before}the ${topic.trim()}`),
  ],
  // "client name and amount pls", "names + amounts", "only number and client name is sufficient", "currency wise":
  // how to show the answer, which every answer shows anyway.
  [
    /(?:[,;:?.!]|\s[–—-])\s*(?:(?:just|only)\s+)?(?:(?:the\s+)?(?:client|customer|account|deal|candidate|invoice)?\s*(?:names?|numbers?|amounts?|totals?|stages?|values?|dates?)(?:\s*(?:\+|&|and|,|\/)\s*(?:the\s+)?(?:client|customer)?\s*(?:names?|numbers?|amounts?|totals?|stages?|values?|dates?))*(?:\s+(?:is|are)\s+(?:sufficient|enough|fine|ok|okay))?|(?:in\s+each|per|by)\s+currency|currency[- ]?wise)(?:\s+(?:pls|please|plz))?\s*[.!?]*\s*$/i,
    "?",
  ],
  [/\b(?:in\s+each|per)\s+currency\b|\bcurrency[- ]?wise\b|\b(?:broken\s+(?:out|down)|split(?:\s+out)?|grouped|separated)\s+by\s+currency\b/gi, ""],
  // "If they are billed in more than one currency, please give each separately": every sum is per currency.
  [
    /\s*\b(?:if|where|when|in\s+case)\s+(?:they|it|there|those|these)\s+(?:are|is|'re|were|was)\s+(?:billed|invoiced|owed|charged|priced)?\s*(?:in\s+)?(?:more\s+than\s+one|several|multiple|different|two|both|mixed)\s+currenc(?:y|ies)\b[^.?!]*[.?!]?/gi,
    "",
  ],
  // "across everything I've sent them that isn't paid yet": their invoices, said as what was sent.
  [
    /,?\s*\b(?:across|on|for|from|of|in)\s+(?:everything|all|anything|whatever|all\s+the\s+(?:stuff|work))\s+(?:that\s+)?(?:i|we)(?:['’]ve|\s+have)?\s+(?:sent|billed|invoiced|raised)(?:\s+(?:to\s+)?(?:them|him|her|it|out))?(?=[\s,.?!]|$)/gi,
    " on invoices",
  ],
  // "all in across everything", "all told", "across the board": the whole sum, which a sum is.
  [
    /\b(?:all\s+in|all\s+told|overall|in\s+all\s+currencies|(?:for\s+|in\s+|across\s+)?all\s+(?:the\s+)?currencies|across\s+(?:everything|the\s+board|all\s+(?:of\s+)?(?:them|it|(?:the\s+|our\s+)?invoices)))\b/gi,
    "",
  ],
  [/\b(?:us|u\.s\.|american)\s+dollars?\b/gi, "USD"],
  [/\b(?:british\s+pounds?|pounds?\s+sterling)\b/gi, "GBP"],
  // "biggest overdue invoice in USD — who is it and how much", "..., and who's it from?": the record's line says both.
  [
    /[,;\s–—-]+(?:and\s+)?(?:who(?:'s|\s+is)\s+it(?:\s+from)?|who\s+owes\s+it|whose\s+is\s+it)(?:\s*(?:,|and|&|\+)\s*(?:how\s+much|what\s+amount|the\s+amount))?\s*[?.!]*\s*$/i,
    "?",
  ],
  // "the single biggest amount pending from any client": the biggest invoice.
  [/\b(?:single\s+)?(biggest|largest|highest)\s+(?:amount|sum|balance|receivable|debt)s?\b/gi, "$1 invoice"],
  [/\s+from\s+(?:any|a\s+single|one)\s+(?:client|customer)\b/gi, ""],
  // "Just that bucket, I've already got the others": the rest of the answer is not wanted, which changes nothing asked.
  [/[.!?]\s+(?:just|only)\s+(?:that|this|those|these)\s+(?:one|ones|bucket|list|number|figure)\b[^.!?]*[.!?]*\s*$/i, "?"],
  // "how many reqs are open, and which ones?", "... - who are they?": a list asked after the count is the same request.
  [/[,;\s-]+(?:and\s+)?(?:(?:which|what)\s+(?:ones|are\s+they|ones\s+are\s+they)|who\s+are\s+they|list\s+them|name\s+them)\s*[?.!]*\s*$/i, "?"],
  // "Just got off a discovery call with ...", "Had a great call with ...", "Quick update on ...", "Just heard from ...":
  // how a story opens; what it is about follows.
  [
    /(?<=^\s*|[.!?]\s+)(?:so\s+|ok\s+so\s+)?(?:(?:i\s+)?just\s+)?(?:(?:got|came|hopped)\s+off|had|finished|wrapped(?:\s+up)?)\s+(?:a|the|my|our)\s+(?:(?:really|very|super|pretty)\s+)?(?:(?:good|great|quick|short|long|productive|nice|solid|rough|tough|first|second|discovery|intro|sales|demo|renewal|check-in|qbr)\s+){0,3}(?:call|phone|meeting|zoom|demo|chat|catch-?up|convo|conversation)(?:\s+call)?\s+(?:with\s+)?/gi,
    "",
  ],
  // ("Good call with Tyrell Biotech, ...": the same, told without its verb.)
  [
    /^\s*(?:[Aa]\s+)?(?:(?:[Rr]eally|[Vv]ery|[Ss]uper|[Pp]retty)\s+)?(?:[Gg]ood|[Gg]reat|[Pp]roductive|[Nn]ice|[Ss]olid|[Qq]uick|[Pp]ositive)\s+(?:call|meeting|chat|convo|conversation|catch-?up|demo)\s+with\s+(?=[A-Z])/g,
    "",
  ],
  [/(?<=^\s*|[.!?]\s+)(?:(?:i\s+)?just\s+)?(?:heard|spoke|talked|chatted)\s+(?:back\s+)?(?:from|to|with)\s+/gi, ""],
  [/(?<=^\s*|[.!?]\s+)(?:a\s+)?(?:quick\s+)?(?:update|news)\s+(?:on|about|re)\s+/gi, ""],
  [/(?<=^\s*|[.!?]\s+)(?:prepping|preparing|getting\s+ready)\s+for\s+(?:the\s+|our\s+|my\s+|a\s+)?/gi, ""],
  // "he got promoted to Director of Operations": the title a contact has now.
  [
    /\b(?:he|she|they)\s+(?:just\s+)?(?:got|was|were|has\s+been|have\s+been|'s\s+been|is\s+being)\s+(?:promoted|moved\s+up|bumped\s+up)\s+to\s+(?:be\s+)?(?:the\s+|their\s+|our\s+)?/gi,
    "title is ",
  ],
  // ("was promoted from Controller": what they were is no part of it either.)
  [
    /\s+(?:just\s+)?(?:got|was|has\s+been|have\s+been)\s+(?:promoted|moved\s+up|a\s+promotion)\b(?!\s+to\b)(?:\s+from\s+(?:a\s+|an\s+|the\s+)?[\w -]+?(?=\s*[.,;!?]|\s*$))?/gi,
    "",
  ],
  // "her title is finance director now", "the role is now contract": now is when, not part of the value.
  [/(\b(?:is|are)\s+(?!(?:an?\s+)?(?:lead|qualified|customer|subscriber|opportunity|evangelist|prospect)\b)[^,.;!?]+?)\s+now\b/gi, "$1"],
  // "the role is going to be a contract gig now, not FT": what it is now.
  [/\b(is|are)\s+(?:going\s+to\s+be|gonna\s+be|becoming|changing\s+to|switching\s+to|turning\s+into)\b/gi, "$1"],
  [
    /,?\s*(?:and\s+)?(?:not|no\s+longer|instead\s+of|rather\s+than)\s+(?:a\s+|an\s+)?(?:full[- ]time|part[- ]time|contract|remote|on-?site|hybrid|temporary|internship)\b(?:\s+(?:role|job|position|gig))?/gi,
    "",
  ],
  [/\b(contract|freelance|full[- ]time|part[- ]time|temp)\s+(?:gig|thing|deal|basis)\b/gi, "$1"],
  // "he's now Head of Ops", "she's their new VP Sales": a title, written with capitals.
  [
    /\b(?:he|she|they)(?:'s|\s+is|'re|\s+are)\s+(?:now\s+)?(?:the\s+|their\s+|our\s+|a\s+|an\s+)?(?:new\s+)?(?=(?:[A-Z][\w&/-]*|of|and)(?:\s+(?:[A-Z][\w&/-]*|of|and))*\b)(?=[A-Z])/g,
    "title is ",
  ],
  // "moved to a new role", "left the company": the story, not a record.
  [/\s+(?:has\s+|just\s+)?(?:moved|changed|switched)\s+(?:to\s+|into\s+)?(?:a\s+)?(?:new\s+|different\s+)?(?:roles?|jobs?|positions?|teams?)\b/gi, ""],
  [/\b(?:top|highest|best)[- ]rated\b/gi, "strongest"],
  // "he gave me his direct line, +1 415 ...": the number is what counts.
  [/\b(?:he|she|they)\s+(?:also\s+)?(?:gave|sent|shared)\s+(?:me|us)\s+(?:his|her|their)\s+/gi, ""],
  // "..., so he doesn't get more emails", "... so nothing goes out in the meantime", "... for now": why, not what.
  [
    /[,\s]+so\s+(?:that\s+)?(?:he|she|they|nothing|no\s+one|we|it)\s+(?:doesn't|don't|does\s+not|do\s+not|won't|will\s+not|can't|isn't|aren't|goes|get|gets)\b[^.!?]*/gi,
    "",
  ],
  [/[,\s]+(?:for\s+now|in\s+the\s+meantime|for\s+the\s+time\s+being|for\s+a\s+bit|for\s+a\s+while)\b/gi, ""],
  // "a friend of mine, Dana Whitfield, would be great for the AE opening": who, and for what.
  [
    /\b(?:an?\s+)?(?:old\s+|former\s+|ex-)?(?:friend|colleague|co-?worker|buddy|classmate|acquaintance|contact)\s+of\s+(?:mine|ours)(?:\s+(?:named|called))?\s*,?\s*/gi,
    "",
  ],
  [
    /,?\s+(?:would|could|might|will)\s+be\s+(?:an?\s+)?(?:really\s+)?(?:great|perfect|good|strong|solid|ideal|excellent)(?:\s+(?:fit|match|candidate|hire))?\s+for\s+/gi,
    " for ",
  ],
  // "tyrell platform rollout -> proposal": an arrow is a move.
  [/^\s*(?:please\s+)?([^,.;!?]+?)\s*(?:->|→|=>|-->)\s*/i, "move $1 to "],
  // "..., sent them the deck today", "..., not the right fit", "we're freezing sales hiring until Q1": why, after the request.
  [/,\s*(?:sent|gave|showed|emailed|told|walked)\s+(?:them|him|her)\b[^.!?]*/gi, ""],
  [
    /(?<=\b(?:close|pause|reject|void|cancel|archive|delete|remove|hold)\b[^.!?]*)[,;]\s*(?:we're|we\s+are|we've\s+been|they're|they\s+are)\s+(?!looking\b|hiring\b|going\s+to\b)[a-z]+ing\b[^.!?]*/gi,
    "",
  ],
  // "wired the rest of what they owe on the workshop invoice": the balance, paid in full.
  [
    /\b(paid|wired|sent|transferred|settled|cleared|remitted)\s+(?:off\s+|over\s+)?(?:(?:the\s+)?(?:rest|remainder|remaining\s+balance|outstanding\s+balance|balance)\b(?:\s+of\s+what\s+(?:they|he|she|it)\s+(?:still\s+)?owe[sd]?)?|what(?:['’]?s|\s+is|\s+was)\s+(?:left|remaining|outstanding|still\s+due)(?:\s+(?=on|of|for)\S+)?)/gi,
    "$1",
  ],
  // "paid in full": paid.
  [/\s+in\s+full\b/gi, ""],
  // "pause the follow-up sequence until after the holidays": when it resumes is not said to the API.
  [
    /\b(pause|hold|suspend|stop|freeze)\b([^.!?]*?)\s+(?:until|till|through|over)\s+(?:after\s+)?(?:the\s+)?(?:holidays?|new\s+year|christmas|xmas|january|february|march|april|may|june|july|august|september|october|november|december|next\s+(?:week|month|quarter|year)|q[1-4]|further\s+notice|we\s+[^.!?]*)\b[^.!?,]*/gi,
    "$1$2",
  ],
  // "going to pass on Ken", "let's take another look at Barbara": what follows is who.
  [/(?<=^\s*|[.!?]\s+)(?:actually\s*,?\s+)?(?:we're\s+|i'm\s+|we\s+are\s+|i\s+am\s+)?(?:going\s+to|gonna|decided\s+to|will)\s+pass\s+on\s+/gi, ""],
  [/(?<=^\s*|[.!?]\s+)(?:actually\s*,?\s+)?(?:let's|let\s+us|i\s+want\s+to|we\s+should)\s+(?:take\s+)?(?:another|a\s+second|a\s+fresh)\s+look\s+at\s+/gi, ""],
  // "I think Pied Piper paid their bill today?", "..., per currency i think": a hedge, not part of what is said.
  [/^\s*(?:i\s+think|i\s+believe|i\s+guess|i(?:'m|\s+am)\s+(?:pretty\s+)?sure|pretty\s+sure|apparently)\s+(?:that\s+)?(?=\S)/gi, ""],
  [/[,\s]+(?:i\s+think|i\s+believe|i\s+guess)\s*(?=[?.!]|$)/gi, ""],
  // "put him down as hired", "could we put it down as paid": mark it so.
  [
    /\b(?:put|write)\s+(him|her|them|it|that|this|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+down\s+as\s+(?:an?\s+)?(?=(?:hired|rejected|paid|won|lost|win|loss|uncollectible|void|closed|settled)\b)/gi,
    "mark $1 as ",
  ],
  // "she's officially hired, update her pls": the state said is the change asked for.
  [
    /\b(?:she|he|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:now\s+|officially\s+|finally\s+)+(hired|rejected|paid|won|lost)\b\s*[,.;!]*\s*(?:(?:so\s+)?(?:please|pls|can\s+you|could\s+you)\s+)?(?:update|record|log|change|reflect)\s+(?:her|him|them|it|that|this)(?:\s+(?:accordingly|in\s+the\s+system))?/gi,
    "mark them $1",
  ],
  // "put them back in the applied pile": a move back to a stage.
  [/\b(?:put|send|move|bring)\s+(him|her|them|it|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+back\s+(?:in(?:to)?|to)\s+(?:the\s+)?/g, "move $1 to "],
  // "it should be 19,500 not 18,364.21", "shd be 19.5k": a correction of the amount.
  [/\s+(?:has|have)\s+(?:the\s+|a\s+)?wrong\s+(?:amount|total|figure|number)\b|\s+(?:is|are|was)\s+(?:wrong|incorrect|off|not\s+right)\b/gi, ""],
  [
    /[,\s]+(?:it|that|the\s+amount|the\s+total)?\s*(?:should|shd|ought\s+to|needs\s+to|has\s+to)\s+(?:be|have\s+been|say|read)\s+(?=[$€£]?\s?\d)/gi,
    ", amount is ",
  ],
  [/(\bamount is\s+[$€£]?\s?[\d.,]+\s*[km]?\b(?:\s*(?:usd|eur|gbp))?)\s*,?\s*(?:not|instead\s+of|rather\s+than)\s+[$€£]?\s?[\d.,]+\s*[km]?\b/gi, "$1"],
  // "across all their unpaid invoices": the invoices said, every one of them.
  [/\s+across\s+(?:all\s+)?(?:of\s+)?(?=(?:their|its|his|her)\s+(?:\w+\s+)?(?:invoices|bills|deals)\b)/gi, " in "],
  // "anyone tagged as a decision-maker": the tag.
  [/\b(tagged|labell?ed)\s+(?:as\s+)?(?:an?\s+)?(?=["“]?[\w-])/gi, "$1 "],
  // "When is the Hooli data migration deal expected to close?": the deal, which shows its close date.
  [
    /^\s*when(?:\s+(?:is|does|will|do)|'s)\s+(?:the\s+)?(.+?)\s+(?:(?:expected|supposed|scheduled|due|set|likely|going)\s+to\s+close|close|closing)(?:,?\s*(?:please|pls))?\s*(?:\?\s*|$)(?=[A-Z]|$)/i,
    (_: string, what: string) => `show the ${what}${/\b(?:deal|opportunity|opp)s?$/i.test(what) ? "" : " deal"}. `,
  ],
  // "which has been overdue the longest, and by how many days": the most overdue (its days are in the answer).
  [/\b(?:has|have)\s+been\s+(?:overdue|late|unpaid|outstanding)\s+(?:the\s+)?longest\b/gi, "is the most overdue"],
  [/,?\s*(?:and\s+)?by\s+how\s+(?:many\s+days|much|long)\s*(?=[?.!]|$)/gi, ""],
  // "a new prospect came in from the webinar: Vandelay Industries": how it came in is not the account's.
  [
    /\b(?:an?\s+)?new\s+(?:prospect|lead|account|client|customer|company)\s+(?:came\s+in|signed\s+up|showed\s+up|reached\s+out|popped\s+up)\s+(?:from|through|via|at|on)\s+(?:the\s+|a\s+|an\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?\s*:\s*/gi,
    "",
  ],
  // "an upsell deal", "an expansion opportunity": the kind of deal is not its name.
  [/\b(an?|new)\s+(?:upsell|up-sell|cross-sell|expansion|new[- ]business|add-on|renewal)\s+(deal|opportunity|opp)\b/gi, "$1 $2"],
  // "which applicants did we reject", "who have we hired": the state the verb leaves them in.
  [/\b(?:did|have|has)\s+(?:we|you|they|i)\s+(?:already\s+|ever\s+)?(?:hire|hired)\b/gi, "are hired"],
  [/\b(?:did|have|has)\s+(?:we|you|they|i)\s+(?:already\s+|ever\s+)?(?:reject|rejected|turn(?:ed)?\s+down|pass(?:ed)?\s+on)\b/gi, "are rejected"],
  [/\b(?:did|have|has)\s+(?:we|you|they|i)\s+(?:already\s+|ever\s+)?(?:lose|lost)\b/gi, "are lost"],
  // "usual net 30 terms": due 30 days out.
  [
    /\b(?:on\s+|with\s+)?(?:the\s+)?(?:usual|standard|normal|our|regular)?\s*net[- ]?(\d{1,3})(?:\s+days?)?(?:\s+(?:terms|payment\s+terms))?\b/gi,
    "due in $1 days",
  ],
  // "the workshop we ran for them last week": what was billed, told of; not a date or a name.
  [
    /[.]?\s+(?:that\s+|which\s+)?we\s+(?:ran|did|delivered|held|gave|provided|hosted|ran|shipped|built|finished|completed)(?:\s+for\s+(?:them|him|her|you))?(?:\s+(?:last|this)\s+(?:week|month|quarter|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|\s+yesterday|\s+today|\s+recently)?\b/gi,
    "",
  ],
  // "going by their ratings", "by rating": how to rank, said of the rating.
  [/,?\s*(?:going\s+)?(?:by|on)\s+(?:their\s+|the\s+|its\s+)?(?:ratings?|stars?|scores?)\b,?/gi, ""],
  // "..., not expecting to see it", "..., never going to pay": why, after the request.
  [/,\s*(?:we're\s+|i'm\s+)?(?:not|never|no\s+longer)\s+(?:expecting|going|likely|gonna|seeing|getting)\b[^.!?]*/gi, ""],
  // "Hooli Cloud asked us to bill them £3,250 for ...": bill Hooli Cloud.
  [
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:asked|wants?|would\s+like|needs?|requested|told\s+us)\s+(?:us\s+|me\s+)?(?:to\s+)?(bill|invoice|charge)\s+(?:them|him|her|it)\b/g,
    "$2 $1",
  ],
  // "our three largest debtors": the clients who owe the most; "who owes us the most on a single invoice": the largest invoice.
  [
    /\b(?:(\d+)\s+)?(?:largest|biggest|top)\s+(?:(\d+)\s+)?debtors?\b/gi,
    (_: string, a?: string, b?: string) => `${a ?? b ?? ""} clients who owe the most`.trim(),
  ],
  [/\bdebtors\b/gi, "clients who owe"],
  [/\bwho\s+owes\s+(?:us\s+)?the\s+most\s+on\s+(?:a|one)\s+(?:single\s+)?/gi, "which is the largest "],
  [/,?\s+as\s+well\b/gi, ""],
  // "the largest overdue USD invoice and how much": the largest, whose line says how much.
  [/\b(largest|biggest|highest)\b([^?.!]*?)[,\s]+and\s+(?:for\s+)?how\s+much(?:\s+(?:is|was)\s+it)?(?=\s*(?:[?.!]|$))/gi, "$1$2"],
  // "Initech paid INV-12 in full, mark it", "stark paid off what's left on INV-36, can u mark it": mark it so.
  [
    /\b(paid|settled|won|lost|hired|rejected)\b([^.!?]*?)[,;.]\s*(?:(?:can|could|would)\s+(?:you|u)\s+|please\s+|pls\s+|so\s+)*mark\s+(it|that|them|this|her|him)(?:\s+(?:as\s+such|accordingly|off|too))?(?=\s*(?:please|pls)?\s*[?.!]*\s*$)/gi,
    "$1$2, mark $3 $1",
  ],
  // "top 3 open opps by size": the top is by amount anyway.
  [/(\b(?:top|largest|biggest|smallest)\b[^.?!]*?)\s+by\s+(?:size|value|amount|worth|deal\s+size|deal\s+value)\b/gi, "$1"],
  // "the Aperture Labs folks", "the Hooli Cloud side": the company itself.
  // ("Which people", "Our team": a word that opens a sentence names no company.)
  [
    /\b((?:[A-Z][\w&'’-]*\s+){0,3}[A-Z][\w&'’-]*)\s+(?:folks|guys|crew|gang|lot|side|people|team)\b(?!\s+(?:at|from|of)\b)/g,
    (said: string, name: string) => (name.split(/\s+/).some((w) => STOPWORDS.has(w.toLowerCase()) || resourceOf(w.toLowerCase()) !== undefined) ? said : name),
  ],
  [/\b([a-z][\w&-]*)\s+(?:folks|guys|crew|gang)\b/gi, "$1"],
  // "what's left to pay on the workshop invoice", "how much is left on it": what is still due.
  [
    /\b(?:what(?:'s|\s+is)|how\s*(?:'s|s)?\s+much(?:'s|\s+is)?)\s+(?:still\s+)?(?:left|remaining|outstanding|open)\s+(?:to\s+(?:pay|be\s+paid|collect)\s+)?(?=on|of|for)\b/gi,
    "how much is still due ",
  ],
  // "the Umbrella expansion opp grew to 65k": its amount is now 65k.
  [
    /\b(?:has\s+)?(?:grew|grown|went\s+up|gone\s+up|increased|rose|risen|jumped|dropped|went\s+down|gone\s+down|decreased|fell|fallen|shrank|shrunk|came\s+down|come\s+down)\s+to\s+(?=(?:[$€£]\s?)?\d)/gi,
    "amount is ",
  ],
  // "pause the sequence for the holidays": when and why it pauses, not a record.
  [
    /\s+(?:for|over|during|through|until\s+after)\s+(?:the\s+)?(?:holidays?|holiday\s+(?:season|period|break)|festive\s+(?:season|period|break)|christmas\s+(?:break|period|holidays?)|winter\s+break|summer(?:\s+(?:break|holidays?))?|break)\b/gi,
    "",
  ],
  // "new invocie for initech": the noun misspelt the way fast typists do.
  [/\b(?:invocie|invoce|invioce|inovice|invoie|invoive|invice)(s?)\b/gi, "invoice$1"],
  // "how much cash are we waiting on from Acme": what Acme owes; from clients in general it is the receivables.
  [
    /\bhow\s+much\s+(?:money\s+|cash\s+)?(?:are\s+we|we're|we\s+are|r\s+we|are\s+u|do\s+we)\s+(?:still\s+)?(?:waiting\s+(?:on|for)|expecting|owed)\s+(?:(?:to\s+(?:get|receive|collect)\s+)?(?:from|by)\s+)(?!(?:all\s+)?(?:our\s+)?(?:clients|customers|everyone|everybody|people)\b)([^?.!,;]+?)(?=\s*(?:[?.!,;]|$))/gi,
    "how much does $1 owe us",
  ],
  // "need an invoive out to Hooli asap": a new invoice for Hooli.
  // "I need one invoice for Northwind of ...", "we need a new draft invoice for Bluth".
  [
    /\b(?:(?:we|i)\s+)?(?:need|want|would\s+like|'d\s+like)\s+(?:an?|one|another)\s+(?:new\s+)?(draft\s+)?((?:in|ni)v\w{2,5}|bill)\s+(?:out\s+)?(?:to|for)\b/gi,
    (_: string, draft: string | undefined) => `create ${draft ? "a draft" : "an"} invoice for`,
  ],
  // "they should pay it by the 15th": due then.
  [
    /\b(?:they|he|she|it|the\s+client|the\s+customer)\s+(?:should|must|need\s+to|needs\s+to|have\s+to|has\s+to|will)\s+pay(?:\s+(?:it|us|them|this))?\s+(?=by|on|before|within)\b/gi,
    "due ",
  ],
  // "which companies are we in negotiation with": the deals in that stage, whose lines name the companies.
  [
    /\b(?:which|what)\s+(?:companies|clients|customers|accounts)\s+are\s+we\s+(?:at\s+the\s+|in\s+|at\s+)?([\w-]+)(?:\s+(?:part|stage|phase|point))?\s+with\b/gi,
    "which deals are in $1",
  ],
  // "the list of emails we send to new leads", "those automatic follow-up emails": the sequence of that name.
  [
    /\b(?:the|that|our|those)\s+(?:list\s+of\s+)?(?:automatic\s+|automated\s+)?(?:follow[- ]up\s+)?(?:emails?|mails?|messages)\s+(?:we\s+send|that\s+go\s+out|going\s+out|sent)\s+to\s+(?:all\s+)?(?:the\s+)?(new\s+leads?|[\w-]+(?:\s+[\w-]+)?)\b/gi,
    "the $1 sequence",
  ],
  // "who's currently in the follow-up sequence", "who is getting the new leads sequence": its enrollments' people.
  [
    /\bwho(?:\s+is|\s+are|'s|s)\s+(?:currently\s+|still\s+|now\s+)?(?:in|on|getting|receiving)\s+(the\s+[^?.!,]*?\b(?:sequence|seq|campaign|cadence|drip))\b/gi,
    "which contacts are in $1",
  ],
  // "who did we make an offer to": candidates at the offer stage.
  [/\b(?:did|have|has)\s+(?:we|you)\s+(?:make|made|extend|extended|send|sent)\s+(?:an?\s+)?offers?\s+to\b/gi, "are in offer"],
  // "how much cash have we collected": what was paid.
  [
    /\b(?:how\s+much\s+)?(?:cash|money)\s+(?:have\s+we|did\s+we|we've|we\s+have)\s+(?:actually\s+)?(?:collected|received|taken\s+in|brought\s+in)\b/gi,
    "how much have we collected",
  ],
  [/\s*\(?\b(?:incl(?:uding|\.)?|counting)\s+partial\s+(?:payments|pmts)\)?/gi, ""],
  // "void the Gringotts draft its a dupe": why, even with no comma before it.
  [/[\s,;–—-]*\b(?:it'?s|it\s+is|that'?s|that\s+is|this\s+is)\s+(?:a\s+|an\s+)?(?:dupe|duplicate|double|mistake|error|typo)(?=\s*[.!?]*\s*$)/gi, ""],
  // "payable by 31 January": due.
  [/\bpayable\s+(?=by|on|before|within|in)\b/gi, "due "],
  // "as they stand today", "to date", "as of now": now, which every answer is.
  [/,?\s*\b(?:as\s+(?:they|it|things)\s+stands?(?:\s+(?:today|now|at\s+the\s+moment))?|to\s+date|as\s+of\s+(?:today|now))\b/gi, ""],
  // "closed-won bookings": won deals.
  [/\bclosed[- ]won\b/gi, "won"],
  [/\b(?:won\s+)?bookings\b/gi, "won deals"],
  // "before the year end", "by year-end": the end of the year.
  [/\b(?:the\s+)?year[- ]end\b/gi, "the end of the year"],
  // "which invoices have we written off": the uncollectible ones.
  [/\b(?:have|has|did)\s+(?:we|you)\s+(?:already\s+)?(?:written|wrote|write)\s+off(?:\s+as\s+(?:uncollectible|bad\s+debts?))?/gi, "are uncollectible"],
  // "Who have we hired so far, and into which roles?": the candidates' lines name their jobs.
  [/,?\s*(?:and\s+)?(?:into|for|in|to)\s+(?:which|what)\s+(?:roles?|jobs?|positions?|openings?)\s*(?=[?.!]|$)/gi, ""],
  [/\bso\s+far\b/gi, ""],
  // "which client has the largest open deal": the largest deal, whose line names its client.
  [/\b(?:which|what)\s+(?:client|customer|account|company)\s+has\s+the\s+(largest|biggest|highest|smallest)\b/gi, "which is the $1"],
  [/,?\s*(?:and\s+)?(?:what|how\s+much)\s+is\s+it\s+worth\s*(?=[?.!]|$)/gi, ""],
  // "My sales-ops colleague tells me ...": who told it is not what is asked.
  [/^\s*(?:my|our|the)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:tells|told|says|said|mentioned|informs)\s+(?:me|us)\s+(?:that\s+)?/i, ""],
  // "the Stark support upgrade has now moved into negotiation. Please update the deal's stage": move it there.
  [
    /^(.*[,;:]\s+)?\s*(?:the\s+)?([^,;:.!?]+?)\s+(?:is|are|'s|has\s+(?:now\s+)?(?:moved|gone|progressed|advanced)|have\s+(?:now\s+)?(?:moved|gone)|moved|went)\s+(?:now\s+)?(?:in|into|to|at)\s+(?:the\s+)?([\w-]+)(?:\s+stage)?(?:\s+now)?\b[^.!?]*?[.!,;]\s*(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)*(?:update|change|fix|set)\s+(?:it|that|this|the\s+deal(?:'s)?(?:\s+stage)?|its\s+stage|the\s+stage|her|him|them)(?:\s+accordingly)?(?:\s+(?:please|pls))?\s*[.!?]*\s*$/i,
    // ("just out the site meeting w Stark, the support upgrade tender has gone to negotiation. update it": the story before stays.)
    (_: string, before: string | undefined, what: string, stage: string) => `${before ?? ""}move the ${what} to ${stage}`,
  ],
  // "On what date was the Globex invoice ... due?": when.
  [/\b(?:on|by)\s+(?:what|which)\s+date\b/gi, "when"],
  [
    /\b(?:the\s+)?date\s+(?:they|he|she|it|the\s+client)\s+(?:was|were|are|is)\s+(?:supposed|meant|due)\s+to\s+pay\s+(?:by|on)\s+(?:has\s+)?(?:already\s+)?(?:gone\s+)?(?:past|passed)\b/gi,
    "past due",
  ],
  [/\b(?:past|after)\s+the\s+date\s+(?:they|he|she|it)\s+(?:should\s+have|were\s+supposed\s+to\s+have|had\s+to)\s+paid\b/gi, "past due"],
  // "until when Blue Sun must pay?", "by when do they have to pay us": when their invoice is due, never a payment.
  [/\b(?:[Uu]ntil|[Tt]ill?|[Bb]y)\s+when\b/g, "when"],
  [
    /\b[Ww]hen\s+(?:(?:do|does|did|must|should|will|would|is|are)\s+)?([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*|they|he|she)\s+(?:(?:must|should|has\s+to|have\s+to|had\s+to|needs?\s+to|is\s+(?:supposed|due)\s+to|are\s+(?:supposed|due)\s+to|will|going\s+to)\s+)?pay\b(?:\s+(?:us|it|them|that|this)\b)?/g,
    "when is $1's invoice due",
  ],
  // "..., and how many days late they are now": the invoice's line says how late it is.
  [
    /[,\s+&]*(?:and\s+)?how\s+(?:many\s+days|long)\s+(?:late|overdue|past\s+due|behind)\s+(?:(?:are|is)\s+(?:they|it|he|she|we|that)|(?:they|it|he|she|we|that)\s+(?:are|is))(?:\s+(?:now|already|by now|today))?\b/gi,
    "",
  ],
  [/\bthey's invoice due\b/g, "their invoice due"],
  [/\bhe's invoice due\b/g, "his invoice due"],
  [/\bshe's invoice due\b/g, "her invoice due"],
  [/,?\s+(?:i\s+mean|i\s+meant)\s*(?=[.!?]*\s*$)/gi, ""],
  // "they'll pay INV-37 next week", "they (have) promised to settle it", "they must pay": a payment to come is not one made.
  [
    /\b(?:they|he|she|we|it|(?!I\b)[A-Z][\w&'’-]*)(?:'ll|\s+must|\s+has\s+to|\s+have\s+to|\s+had\s+to|\s+needs?\s+to|\s+(?:is|are)\s+supposed\s+to|\s+will|\s+are\s+going\s+to|\s+is\s+going\s+to|\s+plans?\s+to|\s+(?:(?:have|has)\s+)?(?:promised|committed)\s+to|\s+intends?\s+to|\s+should|\s+might|\s+may|\s+want\s+to|\s+wants\s+to|\s+hopes?\s+to|\s+expects?\s+to|\s+say\s+they'll|\s+says\s+they'll)\s+(?:pay|settle|send(?!\s+(?:(?:an?|the|some|a\s+few|over|out)\s+)*(?:intros?|e-?mails?|notes?|messages?|follow|invites?|letters?|reminders?|offers?|contracts?|forms?|docs?|decks?|thanks|["“]))|wire|transfer|clear)\b/g,
    "a payment is promised for",
  ],
  // "Mr. Schmidt from Globex", "Dr Patel": a title of address is not part of the name.
  [/\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Herr|Frau|Sr|Sra|Srta)\.?\s+(?=[A-Z])/g, ""],
  // "the contact number of Mr. Schmidt, new one is +49 ...": the phone, set to the new value.
  [/\b(?:contact|phone|mobile|cell|telephone|tel\.?)\s+(?:number|no\.?|#)(?=\s)/gi, "phone"],
  [/[,;]?\s*(?:the\s+)?new\s+(?:one|number|no\.?|email|address|title|value)\s+(?:is|will be|should be)\s+(?=\S)/gi, " to "],
  // "take her out from the follow up mails": out of.
  [/\bout\s+from\b/gi, "out of"],
  // "give 4 stars for Grace Hopper", "give Grace 4 stars": a rating.
  [/\bgive\s+(?:a\s+)?([1-5])\s*(?:stars?|\/5|out\s+of\s+5)\s+(?:for|to)\s+([^,.;!?]+)/gi, "rate $2 $1 stars"],
  [/\bgive\s+(?!me\b|us\b)([^,.;!?]+?)\s+(?:a\s+)?([1-5])\s*(?:stars?|\/5|out\s+of\s+5)/gi, "rate $1 $2 stars"],
  // "Mark asked if we could take the job posting down": the request.
  [new RegExp(String.raw`\b${ASKER}\s+(?:has\s+)?asked\s+(?:me\s+|us\s+)?(?:if|whether)\s+(?:we|you|i)\s+(?:could|can|might|would|should)\s+`, "g"), ""],
  [/\btake\s+(?:down\s+)?(?:the\s+|that\s+|this\s+|our\s+|its\s+)?(?:job\s+)?(?:posting|post|ad|advert|listing)(?:\s+down)?\b/gi, "close the job"],
  // "Our CFO is away this week, so Mark asked me instead: how much ...": the question after the colon.
  [/^[^:?!]{0,120}?\b(?:asked|wants\s+to\s+know|would\s+like\s+to\s+know|is\s+asking)\s+(?:me|us)?\s*(?:instead\s*)?:\s*(?=[a-z])/i, ""],
  // "how much do customers owe us in total, i.e. our outstanding receivables": the same said again.
  [/\s*,?\s*\b(?:i\.e\.?|ie\.|e\.g\.?|in\s+other\s+words|a\.k\.a\.?|aka)(?=\s|,)\s*,?\s*/gi, ", "],
  // "Mark has decided not to go ahead with Radia": a rejection.
  [
    new RegExp(
      String.raw`\b${ASKER}\s+(?:has\s+|have\s+)?decided\s+(?:not\s+to|against)\s+(?:go(?:ing)?\s+ahead|proceed(?:ing)?|mov(?:e|ing)\s+forward|progress(?:ing)?|continu(?:e|ing))\s+with\b`,
      "g",
    ),
    "reject",
  ],
  // "our head of sales referred her to Mark": how she came, a referral.
  [
    /[,;–—-]\s*(?:(?:our|the|my|a|an)\s+[\w ]{2,30}?|[A-Z][a-z]+)\s+referred\s+(?:her|him|them)(?:\s+(?:to|for)\s+[\w ]{1,30}?)?\s*(?=[.!?]|$)/g,
    ", source is referral",
  ],
  // "we're passing on Alan Turing", "we will not go ahead with him": a rejection.
  [/\b(?:we're|we\s+are|i'm|i\s+am)\s+passing\s+on\b/gi, "reject"],
  [
    /\b(?:we|i)(?:\s+(?:will|shall|are|am|do|can)\s+not|\s+won't|\s+cannot|\s+can't|'ll\s+not|\s+aren't|'re\s+not|'m\s+not|\s+don't|\s+never)\s+(?:be\s+)?(?:go(?:ing)?\s+ahead|proceed(?:ing)?|mov(?:e|ing)\s+forward|continu(?:e|ing)|progress(?:ing)?)\s+with\b/gi,
    "reject",
  ],
  // "Keep it as a draft for now", "send it out, don't leave it sitting as a draft": the new invoice's status.
  [/[,;.–—-]?\s*(?:please\s+)?(?:keep|leave|save|hold)\s+it\s+(?:as\s+)?(?:a\s+)?draft\b(?:\s+for\s+now)?/gi, ", as a draft"],
  [/[,;.–—-]?\s*(?:but\s+)?(?:do\s+not|don't|dont)\s+(?:leave|keep|save|hold)\s+it\s+(?:sitting\s+)?(?:as\s+|in\s+)?(?:a\s+|the\s+)?drafts?\b/gi, ""],
  [
    /(?<=\b(?:bill|invoice|raise|create|new|add|make)\b.*)[,;.–—-]?\s*(?:and\s+)?(?:send|issue)\s+it(?:\s+out)?(?:\s+(?:right|straight)\s+away|\s+now|\s+immediately|\s+tonight|\s+today|\s+this\s+evening|\s+asap)?(?=\s*(?:[,;.!?–—-]|$))/gi,
    ", status open",
  ],
  // "... — the controller wants to review it before it's issued": who checks it next changes nothing asked.
  [
    /\s*(?:[,;.!?]|\s[–—-])\s*(?:(?:the|my|our)\s+\w+|he|she|they|i|we)\s+(?:wants?|needs?|would\s+like|has|have|is\s+going|are\s+going)\s+to\s+(?:review|check|see|approve|look\s+(?:at|over)|sign\s+off|double[- ]check)\b[^.!?]*[.!?]?/gi,
    ".",
  ],
  // "make for Acme one new invoice": make a new invoice for Acme.
  [/\bmake\s+for\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:one|a|an)\s+(?:new\s+)?(invoice|bill|deal|contact|candidate|job)\b/g, "create a new $2 for $1"],
  [/,\s*it\s+is\s+for\s+(?=the\b|a\b|an\b|our\b)/gi, " for "],
  [/\bdue\s+date\s+(?:keep|make\s+it|put|set|should\s+be)\s+/gi, "due "],
  // "new opp from this morning": a new deal.
  [/\bnew\s+(?:opp|oppty|opportunity|deal)\s+(?:from|since)\s+(?:this\s+morning|today|yesterday|the\s+call|the\s+meeting)\b/gi, "new deal"],
  // "Initech wants a data migration, ~35k": in a new deal, what they want is its name.
  [
    /(?<=\bnew\s+(?:deal|opp|opportunity)\b.*)\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:wants|needs|is\s+looking\s+for|asked\s+for|would\s+like)\s+(?:a|an|some|the)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})(?=\s*[,;.])/g,
    "for $1, called $2",
  ],
  // "add a new contact under Globex:": at Globex.
  [/\b(contact|person|lead)\s+(?:under|for|in)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*:/g, "$1 at $2:"],
  // "She handles their remittances now, so put her down as a customer": what she does is not a value; how she is put is.
  [
    /(?<=[.;]\s*|\s[–—-]\s)(?:he|she|they)\s+(?:handles?|manages?|runs?|looks\s+after|takes\s+care\s+of|deals\s+with|works?\s+on|leads?|owns?|covers?|does)\b[^.!?,]*,?\s*(?:so\s+)?/gi,
    "",
  ],
  [
    /\b(?:put|mark|set|list|have)\s+(?:her|him|them)\s+(?:down\s+)?as\s+(?:an?\s+)?(lead|customer|subscriber|prospect|opportunity|evangelist)\b(?!\s+contact)/gi,
    "lifecycle stage is $1",
  ],
  // "A CV came in by email for the Account Executive vacancy:": a new candidate for it.
  [
    /\b(?:an?\s+)?(?:cv|resume|résumé|application)\s+(?:came\s+in|arrived|landed|was\s+sent)(?:\s+(?:by|via|through)\s+(?:e-?mail|post|the\s+website))?\s+for\s+/gi,
    "new candidate for ",
  ],
  // "the vacancy of Account Executive", "a position for Product Designer": the Account Executive vacancy.
  [/\b(?:the\s+)?(vacancy|position|opening|role|job|req)\s+(?:of|for)\s+(?:an?\s+)?([A-Z][\w&'’-]*(?:\s+(?:of\s+)?[A-Z][\w&'’-]*)*)/g, "the $2 $1"],
  // "not hired or rejected", "i.e. not the rejected or hired ones": still in the pipeline.
  [
    /[,;:\s–—-]*(?:\(?\s*i\.?e\.?\s*,?\s*)?(?:not|excluding|except(?:\s+for)?|but\s+not|other\s+than|leaving\s+(?:aside|out)|setting\s+aside|apart\s+from|ignoring)\s+(?:the\s+|anyone\s+|anybody\s+|those\s+)?(?:ones?\s+)?(?:(?:already\s+)?hired|rejected)\s+(?:or|and|nor|\/)\s+(?:the\s+)?(?:(?:already\s+)?hired|rejected)(?:\s+ones)?\s*\)?(?:\s*[,;–—-])?/gi,
    " in the pipeline ",
  ],
  [/\bstill\s+live\s+in\s+the\s+pipeline\b|\bstill\s+live\b/gi, "in the pipeline"],
  // "the referral candidates", "LinkedIn applicants": candidates by where they came from.
  [/\b(referral|linkedin|agency|indeed|website|job\s+board)\s+(candidates|applicants|hires|people)\b/gi, "$2 who came in through $1"],
  // "the AE search", "the designer hiring process": the job.
  [/\b(account executive|designer|engineer|developer|manager|[A-Z]{2,4})\s+(?:search|hiring(?:\s+process)?|recruitment|recruiting|process)\b/g, "$1 job"],
  // "At Globex who is already customer by us?": who at Globex is a customer.
  [/^\s*(?:at|from|in)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s*,?\s+(who|which\s+contacts?|which\s+people)\b/g, "$2 at $1"],
  [/\b(customers?|leads?|clients?)\s+(?:by|with|of)\s+(?:us|ours)\b/gi, "$1"],
  [/\b(?:already|still)\s+(?:sitting\s+)?as\s+(?:an?\s+)?(lead|customer|subscriber|prospect)s?\b/gi, "$1s"],
  [/\bsitting\s+as\s+(?:an?\s+)?(lead|customer|subscriber|prospect)s?\b/gi, "$1s"],
  // "prepone the due date by one week": bring it forward.
  [/\bprepone\b/gi, "bring forward"],
  // "anything stuck in proposal?", "what's sitting in negotiation": deals in that stage.
  [/\b(?:anything|any\s+deals?|what(?:'s|\s+is)?)\s+(?:stuck|sitting|parked|stalled|hanging\s+around)\s+in\b/gi, "which deals are in"],
  // "are we getting paid by Initech or what": a remark about whom the question is.
  [
    /\bare\s+we\s+(?:ever\s+)?(?:getting|going\s+to\s+get|gonna\s+get)\s+paid\s+by\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)(?:\s+or\s+(?:what|not))?\b/g,
    "$1 -",
  ],
  // "double-billed", "scrap": a duplicate to delete.
  [/\bscrap\b/gi, "delete"],
  // "how much open $$ is sitting in each stage": the open pipeline by stage.
  [
    /\bhow\s+much\s+(?:open\s+)?(?:\$+|money|value|pipeline)?\s*(?:is\s+)?(?:sitting|parked)?\s*in\s+each\s+stage\b/gi,
    "how much is the open pipeline by stage",
  ],
  [/\b(?:across|over|in)\s+how\s+many\s+(invoices|deals|bills)\b/gi, ""],
  // "HR bit for the quarterly pack: how many ...", "For the aged debtors report: which ...": what it is for, before the question.
  // A question pointing back ("Stark: how much do they owe?") keeps it, as a remark naming whom.
  [
    /^\s*[^:?!.]{3,60}:\s+(?=(?:how|which|what|who|whose|when|where|can|could|would|please|list|show|give|is|are|do|does|did|any)\b(?![^.?!,]*\b(?:they|them|their|it|its|he|she|him|her|his)\b))/i,
    "",
  ],
  // "which invoices fall in the 31-60 bucket": are in it.
  [/\b(?:fall|falls|sit|sits)\s+(?:in|into|within)\b/gi, "are in"],
  // "the smaller of their two drafts": which of them, the count aside.
  [/\b(of\s+(?:their|the|its|his|her|our|those|these))\s+(?:two|2|both|three|3|four|4)\s+(?=\w)/gi, "$1 "],
  // "what they've still got outstanding on account": what they owe.
  [
    /\bwhat\s+(they|he|she|[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)(?:'ve|'s|\s+have|\s+has)?\s+(?:still\s+)?got\s+(?:outstanding|owing|open|unpaid|due|left\s+to\s+pay)(?:\s+on\s+(?:their\s+)?account)?/g,
    "what $1 owe",
  ],
  // "What's happening with the Northwind deal?": show it.
  [/\bwhat(?:'s|\s+is)\s+(?:happening|going\s+on|the\s+(?:status|latest|story|situation))\s+(?:with|on)\s+/gi, "summarize "],
  // "Just had an email from Isla Haddad at Stark —": who wrote, told before the request.
  [/^\s*(?:just\s+)?(?:had|got|received)\s+(?:an?\s+)?(?:email|e-mail|mail|message|text|note|call|voicemail)\s+from\s+/i, ""],
  [/\b(?:her|his|their)\s+(?:email\s+)?signature\s+says\s+/gi, ""],
  // "Tyrell's platform rollout is dead in the water": it is lost, said as a remark.
  [/\s+(?:is|was|went)\s+dead(?:\s+in\s+the\s+water)?\b/gi, " is dead"],
  // "isn't Berlin-based any more, it's fully remote now": the location is Remote.
  [/\b(?:is\s*n[o']t|is\s+no\s+longer)\s+[\w-]+[- ]based(?:\s+any\s?more)?\s*,?\s*/gi, ""],
  [/\b(?:it's|it\s+is|(?:the\s+)?(?:job|role|position)\s+is)\s+(?:now\s+)?(?:fully\s+|100%\s+|completely\s+)?remote(?:\s+now)?\b/gi, "its location is Remote"],
  // "which is bigger — what Oscorp owes us or what Initech owes us?": each, asked in turn.
  [
    /^\s*(?:so\s+)?(?:which|what|who)(?:'s|\s+is)\s+(?:bigger|larger|higher|more|greater|worth\s+more)\s*[,:;–—-]?\s*what\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+owes?\s+(?:us\s+)?or\s+what\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+owes?(?:\s+us)?\s*[?.!]*\s*$/g,
    "how much does $1 owe us? how much does $2 owe us?",
  ],
  [
    /^\s*(?:so\s+)?(?:which|what)(?:'s|\s+is)\s+(?:bigger|larger|higher|more|greater|worth\s+more)\s*[,:;–—-]?\s*(?:the\s+)?(.+?)(?:\s+deal)?\s+or\s+(?:the\s+)?(.+?)(?:\s+deal)?\s*[?.!]*\s*$/gi,
    "what is the $1 deal worth? what is the $2 deal worth?",
  ],
  [/\bthe\s+([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*)['’]s\s+/g, "the $1 "],
  // "what's closing this month or next?": deals closing by the end of next month.
  [/\bthis\s+(month|quarter|week|year)\s+or\s+(?:the\s+)?next(?:\s+(?:one|month|quarter|week|year))?\b/gi, "by the end of next $1"],
  [/^\s*what(?:'s|\s+is|\s+are)?\s+(?:closing|expected\s+to\s+close|going\s+to\s+close|set\s+to\s+close)\b/gi, "which deals are closing"],
  // "AE search - who's still in the running?": who, for the job.
  [/^\s*(?:the\s+)?(.{2,40}?)\s+job\s*[-–—:,]\s*(who(?:'s|\s+is|\s+are)\s+.+?)\s*[?.!]*\s*$/gi, "$2 for the $1 job?"],
  // "Radia - remind me what role she's up for and where she is": the candidate, whose line says both.
  [
    /^\s*([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)\s*[-–—:,]\s*(?:(?:can\s+you\s+)?(?:remind|tell)\s+me\s+)?(?:what|which)\s+(?:role|job|position|opening)\s+(?:is\s+)?(?:she|he|they)(?:'s|\s+is|\s+are|'re)?\s+(?:up\s+for|applying\s+for|applied\s+for|going\s+for|interviewing\s+for|in|for)\b.*$/g,
    "show candidate $1",
  ],
  // "Umbrella requested to prepone ...", "please do the needful": who asked, and the asking, are not what is asked.
  [
    /(?<=^\s*|[.!?]\s+)[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*\s+(?:requested|has\s+requested|asked(?:\s+us)?|wants\s+us|would\s+like\s+us)\s+to\s+(?=(?:prepone|postpone|push|move|extend|change|update|bring|delay|shift|cancel|void|close|bill|invoice)\b)/g,
    "",
  ],
  [/[,.;]?\s*(?:(?:please|pls|kindly)\s+)?do\s+the\s+needful\b[.!]*/gi, ""],
  // "... and revert", "and confirm once done", "pls let me know when updated": an acknowledgement asked for after the
  // request, which every reply is.
  [
    /(?:\s+and\s+|\s*[,.;!]\s*)(?:(?:please|pls|kindly)\s+)?(?:revert|confirm|inform(?:\s+(?:me|us))?|update\s+(?:me|us)|let\s+(?:me|us)\s+know|get\s+back(?:\s+to\s+(?:me|us))?)(?:\s+back)?(?:\s+(?:once|when|after)\s+(?:it\s+is\s+|it's\s+)?(?:done|completed|updated|finished))?(?:\s+(?:on|with)\s+(?:the\s+)?(?:same|status|details|confirmation))?\s*[.!]*\s*$/i,
    "",
  ],
  // "can you add this one to the pipeline", "put it in the CRM": the record just told of, added.
  [
    /\b(add|put|log|enter|create)\s+(?:this|it|that|these|those)(?:\s+(?:one|ones|two|three|deal|deals))?\s+(?:to|in|into|on)\s+(?:the\s+|our\s+)?(?:pipeline|crm|system)\b/gi,
    "$1 it",
  ],
  // "start date is Jan 12", "she starts on the 3rd": when a hire begins, which no record here holds, told in passing.
  [/(?:^|(?<=[.!?])\s+|\s*[,;–—-]\s*)(?:(?:her|his|their|the)\s+)?start(?:ing)?\s+date\s+(?:is|will\s+be|=|:)\s+[^.?!,;]*[.!]?/gi, ""],
  // "sent over 2,000 dollars": over is how it was sent, not more than.
  [/\b(sent|wired|transferred|mailed|handed)\s+over\b/gi, "$1"],
  // "cv in for the product designer job. sam okoro, ...": a CV arrived; the job is whom it is for.
  [/\b(?:(?:a|another|one|new)\s+)?(?:cvs?|resumes?|résumés?)\s+(?:just\s+)?(?:(?:came|come|has\s+come|is|are)\s+)?in\s+(?=for\b)/gi, ""],
  // ("..., came thru a referral from one of the lads": who referred them is a remark.)
  // "came through referral from our Lagos team", "came via LinkedIn": where a candidate came from.
  [
    new RegExp(
      String.raw`(?<!\b(?:who|that|which)\s+)\b(?:came|come|comes|coming)\s+(?:in\s+)?(?:through|via|by|from)\s+(?:an?\s+|the\s+)?(referral|linkedin|agency|indeed|website|job\s+board)\b${WHO_REFERRED}`,
      "gi",
    ),
    (_: string, source: string) => `source is ${source.toLowerCase()}`,
  ],
  // "found us through Dribbble", "came thru a referral", "heard about us on Reddit": where a candidate came from.
  [
    new RegExp(
      String.raw`(?<!\b(?:who|that|which)\s+)\b(?:found\s+us|heard\s+(?:about|of)\s+us|applied|came|come|comes)\s+(?:in\s+)?(?:through|thru|via|on|over|by)\s+(?:an?\s+|the\s+)?([A-Z][\w.-]+|referral|linkedin|indeed|agency|website|twitter|reddit|dribbble|behance|github)\b${WHO_REFERRED}`,
      "g",
    ),
    (_: string, source: string) => `source is ${source.toLowerCase()}`,
  ],
  // "open one new position - Finance Analyst": a job to create, not a filter on open ones.
  [/\bopen\s+(?:one|a|an)\s+new\s+(?:position|job|role|req(?:uisition)?|opening|vacancy)\b/gi, "create a new job"],
  // "Finance department, Madrid office": its department, where it is.
  [/,\s*([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?)\s+department\b/g, ", in the $1 department"],
  [/,\s*([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)\s+office\b/g, ", based in $1"],
  // "add new contact in Stark Logistics - ...": a person at a company.
  [/\b(contact|person|lead|customer)\s+in\s+(?=[A-Z])/g, "$1 at "],
  // "He is handling their Lagos operations.", "she looks after procurement": what a new person does, told after.
  [
    /(?<=[.!?])\s+(?:he|she|they)\s+(?:is|are|will\s+be)\s+(?:handling|managing|running|looking\s+after|responsible\s+for|in\s+charge\s+of|covering)\b[^.!?]*[.!?]?\s*$/gi,
    "",
  ],
  // "they went with somebody else", "she asked us to stop emailing her", "its a no": why, not what to do.
  [
    /[,;.]?\s*\b(?:they|he|she)\s+(?:went|have\s+gone|'ve\s+gone|chose\s+to\s+go)\s+with\s+(?:somebody|someone|another\s+(?:vendor|supplier|provider)|a\s+competitor|the\s+competition)(?:\s+else)?\b/gi,
    "",
  ],
  [
    /[,;.]?\s*\b(?:she|he|they)(?:'ve|'s|\s+have|\s+has)?\s+asked\s+(?:us|me)\s+to\s+stop\s+(?:emailing|contacting|calling|messaging|mailing)(?:\s+(?:her|him|them))?\b/gi,
    "",
  ],
  // ("unenroll her from the sequence. stop emailing her": the same request, said twice.)
  [
    /[,;.]\s*stop\s+(?:emailing|contacting|messaging|mailing)\s+(?:her|him|them)\s*[.!]?\s*$/gi,
    (said: string, ...rest: unknown[]) => (/\bunenroll\b|\bout\s+of\b|\boff\b/i.test(String(rest.at(-1))) ? "" : said),
  ],
  [/[,;.]?\s*\b(?:it's|its|it\s+is)\s+a\s+(?:no|hard\s+no|pass)(?:\s+(?:from\s+(?:me|us)|for\s+(?:me|us)))?\b/gi, ","],
  // "move the deal along", "push her forward", "shift Tyrell along": to the next stage (a stage named elsewhere,
  // "make her an offer - move her along", is where it goes). (A name has its capital: "push the due date forward" is a date.)
  [
    /(?<!\bnot\s+(?:to\s+)?)\b([Mm]ove|[Pp]ush|[Bb]ump|[Tt]ake|[Aa]dvance|[Ss]hift|[Nn]udge|[Pp]rogress)\s+((?:it|him|her|them|this|that|the\s+(?:deal|candidate|application|opportunity|opp)|(?:the\s+)?[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}(?:\s+(?:deal|opp|opportunity|application|candidate))?))\s+(?:along|forward)\b(?!\s+(?:to|by|a|one|two|\d))/g,
    (said: string, verb: string, what: string, ...rest: unknown[]) =>
      /\b(?:offer|interview|screening|hired?|proposal|negotiation|qualified|won|lost)\b/i.test(String(rest.at(-1)))
        ? said
        : `${/^(?:shift|nudge|progress)$/i.test(verb) ? "move" : verb} ${what} to the next stage`,
  ],
  // "Soylent went under", "Pied Piper filed for bankruptcy": why a debt is written off, told.
  [/\b(?:went\s+(?:under|bust|bankrupt|belly[- ]up)|filed\s+for\s+bankruptcy|folded)\b/gi, "is bankrupt"],
  // "..., client has agreed to pay early": why, not what.
  [/[,;]\s*(?:the\s+)?(?:client|customer|they|he|she)\s+(?:has|have)\s+agreed\s+to\s+[^.,;!?]*/gi, ""],
  // "bring forward the due date of INV-20", "pull in the close date": a date changed (to when, asked if not said).
  // (By a span, "bring forward the due date by a week", it is moved by that span.)
  [
    /\b(?:bring|pull|move)\s+(?:forward|up|in)\s+(the\s+(?:due|close|expected\s+close)\s+date)\b/gi,
    (said: string, date: string, ...rest: unknown[]) =>
      /\b(?:by|(?:\d+|a|one|two|three|four|a\s+couple\s+of)\s+(?:days?|weeks?|months?|fortnights?))\b/i.test(String(rest.at(-1))) ? said : `change ${date}`,
  ],
  // "the northwind support upgrade is bigger than we thought, its now like 110k": its new amount.
  [/\s+(?:is|was|are|got|came\s+in)\s+(?:bigger|smaller|larger|higher|lower)\s+than\s+(?:we|i)\s+(?:thought|expected|planned|hoped)\b,?/gi, ","],
  [/\b(?:it's|its|it\s+is)\s+(?:now\s+(?:like\s+|about\s+|around\s+|roughly\s+)?|(?:now\s+)?(?:like|about|around|roughly)\s+)(?=[$€£]?\d)/gi, "amount is "],
  // "that interview went really well", "the demo went great": how it went, not a name.
  [
    /\b(?:the|that|this|her|his|their|our)\s+(?:interview|call|meeting|demo|screen|chat|pitch)\s+went\s+(?:really\s+|very\s+|super\s+|so\s+)?(?:well|great|badly|fine|ok(?:ay)?|amazing(?:ly)?)\b[,.;]?/gi,
    "",
  ],
  // "jumping on a call with them in 10", "before my 3pm with them": what the one asking does next.
  [/[,;.]?\s*\b(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?:jumping|hopping|getting)\s+on\s+a\s+(?:call|zoom|meeting|demo)\b[^.?!]*/gi, ""],
  // "anything coming due I should chase?": who chases is not what is asked.
  [
    /\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:should|need\s+to|must|have\s+to|ought\s+to|can)\s+(?:chase|follow\s+up\s+on|nudge|remind|ping)(?:\s+(?:up|them|on))?(?=\s*[?.!,(]|$)/gi,
    "",
  ],
  // "Lena can you grab ...": the one addressed, not a name in the request.
  [/^\s*[A-Z][a-z]+,?\s+(?=(?:can|could|would|will)\s+(?:you|u)\b|(?:pls|please)\b)/g, ""],
  [/\b(?:grab|pull|fetch|dig\s+up)\s+(?:me\s+)?(?=(?:the\s+|our\s+)?(?:total|list|number|count|figures?|receivables|pipeline|invoices|deals)\b)/gi, "show "],
  // "for the board deck", "for our weekly review": what the answer is for.
  [
    /\s+for\s+(?:the|our|my|a|tomorrow['’]s|this\s+week['’]s)\s+(?:board|investor|team|weekly|monthly|quarterly|exec(?:utive)?|leadership|finance)?\s*(?:deck|meeting|update|report|review|call|sync|slides?)\b/gi,
    "",
  ],
  // "everything outstanding, not just overdue": all of it.
  [/[,;]?\s*(?:and\s+)?not\s+just\s+(?:the\s+)?(?:overdue|late|open|unpaid)(?:\s+ones)?\b/gi, ""],
  // "do we have her in the system? need her email": what is asked of the one named.
  [/\bdo\s+we\s+(?:have|know)\s+(?:her|him|them)(?:\s+(?:in\s+(?:the\s+)?(?:system|crm)|on\s+file|already))?\s*\?\s*/gi, ""],
  [/\b(?:i\s+|we\s+)?need\s+(her|his|their)\s+(email(?:\s+address)?|e-mail|phone(?:\s+number)?|number|title)\b/gi, "what is $1 $2?"],
  // "extend the due date of INV-22 to 31-12-2026", "extend INV-22 till the 31st": a new date, not a span.
  [/\bextend\s+(the\s+(?:due|close|expected\s+close)\s+date\s+(?:of|on|for)\s+\S+(?:\s+\S+){0,3}?)\s+(?:to|until|till)\s+(?=\S)/gi, "push $1 to "],
  [/\bextend\s+((?:inv|invoice)[\s#-]*\d+)\s+(?:to|until|till)\s+(?=\S)/gi, "push the due date of $1 to "],
  // "did really well in the panel", "smashed the interview": how it went, not a name.
  [
    /\s+(?:did|went|performed)\s+(?:really\s+|very\s+|super\s+|so\s+)?(?:well|great|badly|fine)\s+(?:in|at|on|during)\s+(?:the|her|his|their)\s+(?:panel|interview|call|screen|tech(?:nical)?\s+round|case\s+study|onsite|final\s+round)\b[,.;]?/gi,
    "",
  ],
  // "pls update the same in system", "void the same": the record just told of.
  // ("kindly finalise the same so that ...", "move the same to interview", "add the same pls": any verb's.)
  [
    /\b(?!(?:is|are|was|were|be|been|being|remains?|stays?|looks?|exactly|not|at|of|about|with|on|in|to|for|from|by|all|just|still|always|the|a|and|or|but|also|have|has|had|do|does|did)\b)([a-z]+)\s+the\s+same\b(?=\s*(?:$|[,.;!?]|(?:to|as|so|and|pls|please|kindly|in|on|into|for|today|asap|immediately|now|also)\b))/gi,
    // ("move the same to interview", "update the same as hired": a person, at a hiring stage.)
    (m: string, verb: string, ...rest: unknown[]) =>
      /^\s*(?:to|as|into)\s+(?:the\s+)?(?:next\s+)?(?:screening|interview|offer|hired|rejected)\b/i.test(
        String(rest.at(-1)).slice(Number(rest.at(-2)) + m.length),
      )
        ? `${verb} them`
        : `${verb} it`,
  ],
  // "Hooli invoice, please void it": the record set first is the "it" of the request after it.
  [
    /^\s*(?:the\s+)?([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*\s+(?:invoice|bill|deal|opportunity|job|role|contact|candidate))\s*,\s*((?:please|pls|kindly|can\s+you|could\s+you)\s+)?([a-z]+)\s+(?:it|that|the\s+same)\b/,
    "$2$3 the $1",
  ],
  [/\s+(?:in|on|into)\s+(?:the\s+|our\s+)?(?:system|crm|portal|records|books|tool)(?=\s*(?:[.!?,;]|$))/gi, ""],
  // "Madrid team is asking.", "client is waiting for the same": who is waiting, not what is asked.
  [
    /(?:^|(?<=[.!?])\s+|\s*[,;]\s*)(?:the\s+|our\s+)?(?:[A-Z][\w-]*\s+)?(?:team|office|manager|boss|client|customer|management|auditors?)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:asking|requesting|waiting|chasing|following\s+up)(?:\s+(?:for|about|on)\s+(?:it|this|that|the\s+same|them))?\s*[.!]?(?=\s|$)/g,
    "",
  ],
  // "as discussed in today's call", "as per our discussion", "after yesterday's call": where it was agreed.
  [
    /[,;]?\s*\b(?:as\s+(?:discussed|agreed|per\s+(?:our|the|my|your)\s+(?:discussion|call|conversation|email|mail|meeting|chat))|after|following)(?:\s+(?:in|on|during|over|at|with)\s+(?:the\s+|our\s+|today['’]s\s+|yesterday['’]s\s+|this\s+morning['’]s\s+|[a-z]+['’]s\s+)?(?:call|meeting|discussion|conversation|email|mail|chat))?(?=[\s.,;!?]|$)(?<=(?:discussed|agreed|discussion|call|conversation|email|mail|meeting|chat))/gi,
    "",
  ],
  [
    /\s*\b(?:after|following)\s+(?:today['’]s|yesterday['’]s|this\s+morning['’]s|the|our|last\s+week['’]s)\s+(?:call|meeting|discussion|conversation|demo)\b/gi,
    "",
  ],
  // "share the list of EUR invoices", "share candidates list for ...": show them.
  [/\b(?:share|send|provide|give)\s+(?:me\s+|us\s+)?(?:the\s+|a\s+)?(?:full\s+|complete\s+)?(?:list|details|count|number|total|status)\s+of\s+/gi, "show "],
  [/\b(?:share|send|provide)\s+(?:me\s+|us\s+)?(?:the\s+)?([a-z]+)\s+list\b/gi, "show $1"],
  // "pending for payment": unpaid.
  [/\b(?:pending|due)\s+(?:for|with)\s+payment\b/gi, "unpaid"],
  // "..., along with their current stage": each line says it.
  [/[,;]?\s*along\s+with\s+(?:their|its|his|her|the)\s+(?:current\s+|latest\s+)?(?:stages?|status(?:es)?|amounts?|details|emails?|titles?)\b/gi, ""],
  // "who at Globex is already customer": which contacts there are customers.
  [
    /\bwho\s+(at\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*\s+)?(?:is|are)\s+(?:already\s+|still\s+|now\s+)?(?:an?\s+)?(customer|lead|subscriber|prospect|evangelist)s?\b/g,
    "which contacts $1are $2s",
  ],
  // "which of our open roles have already had someone hired": the hires, each line saying for which role.
  [
    /\bwhich\s+(?:of\s+(?:our|the)\s+)?(?:open\s+)?(?:roles|jobs|positions|reqs|openings)\s+(?:have|has)\s+(?:already\s+)?(?:had\s+)?(?:someone|anyone|somebody|a\s+candidate|people)\s+hired\b/gi,
    "which candidates are hired",
  ],
  // "open pipeline by stage": the pipeline that is open, not a request to open one.
  [/^\s*open\s+pipeline\b/i, "the open pipeline"],
  // "boss said write it off", "the controller wants us to finalise them": who asked is not what is asked.
  [
    /(?<=^\s*|[.!?,;:]\s+|\s[-–—]\s+)(?:(?:my|the|our)\s+)?(?:boss|manager|controller|cfo|ceo|coo|founder|finance|accounting|team|director|auditors?)\s+(?:said|says|wants|asked(?:\s+me)?|told\s+me|would\s+like)\s+(?:(?:us|me)\s+)?(?:to\s+)?(?=[a-z])/gi,
    "",
  ],
  // "..., finally 🎉", "... btw": how it ends, too.
  [/[,\s]+(?:finally|btw|fyi|at last|woohoo|yay|phew)[\s!.\p{Extended_Pictographic}]*$/iu, ""],
  // "We've decided to hire Ann", "I'd like to open a new position": the request is what follows.
  [
    /(?<=^\s*|[.!?,]\s+)(?:(?:we|i)(?:'ve|\s+have)?\s+decided\s+to|(?:i|we)(?:'d|\s+would)\s+like\s+to|(?:i|we)\s+want\s+to)\s+(?=(?:open|add|create|set\s+up|post|log|record|move|mark|close|hire|reject|pass\s+on|enroll|void|update|change|make|offer)\b)/gi,
    "",
  ],
  // "which sales are in negotiation", "every sale we're working on": deals, where "sales" is not a team or a title.
  [
    /\b(every|each|which|what|how\s+many|our|all(?:\s+the)?|the|open|active|biggest|largest|top)\s+(sales?)\b(?!\s+(?:team|department|dept|director|manager|managers|rep|reps|person|people|role|job|opening|position|executive|lead|head|org|cycle|call|pipeline|engineer|ops|operations|follow-?ups?|e-?mails?|mails?|sequences?|campaigns?|cadences?|outreach|messages?))/gi,
    "$1 deals",
  ],
  [/(?<=^\s*|[.!?,]\s+)(?:please\s+)?go\s+ahead\s+and\s+/gi, ""],
  [/^\s*(?:could|can|would)\s+you\s+(?:please\s+)?(?:tell|let)\s+me\s+(?:know\s+)?(?=where|when|who|what|which|how|if|whether)/i, ""],
  // "in the system", "in our CRM": where the records are, not which.
  [/\s+in\s+(?:the|our)\s+(?:system|crm|database|platform|app|tool)\b/gi, ""],
  // "past their due date", "fall due", "waiting the longest for payment": the invoice words.
  [/\bpast\s+(?:their|its|the)\s+due\s+dates?\b/gi, "overdue"],
  [/\bfall(?:s|ing)?\s+due\b/gi, "due"],
  // "when was it supposed to be paid by", "bills clients are supposed to pay next month": due, never a payment.
  [
    /\b(?:(?:is|are|was|were)\s+)?(?:supposed|meant|expected|scheduled|due|required)\s+to\s+(?:be\s+)?(?:pa(?:id|y))(?:\s+(?:it|us|them))?(?:\s+(?:by|on|until))?(?=[\s?.!,]|$)/gi,
    " due",
  ],
  [/\bfell\s+due\b/gi, "were due"],
  [/\b(?:has|have)\s+been\s+(?:waiting|outstanding|unpaid|open)\s+(?:the\s+)?longest(?:\s+(?:for|on)\s+(?:payment|being\s+paid))?/gi, "is the most overdue"],
  [/\s*\b(?:that|which)\s+(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:gone|been\s+sent|been\s+issued|been\s+finalized)(?:\s+out)?(?:\s+yet)?/gi, ""],
  // "(not the ones we haven't sent out obviously)", "not the drafts": drafts left out, as owed money always leaves them.
  [
    /[,(\s]*\b(?:but\s+)?(?:not|except|excluding|leaving\s+out|without)\s+(?:the\s+ones?|those|any)\s+(?:that\s+)?we\s+(?:haven't|have\s+not|didn't|did\s+not)\s+(?:sent|send|issued|issue)(?:\s+out)?(?:\s+yet)?(?:\s+obviously)?\s*\)?/gi,
    "",
  ],
  [/[,(\s]*\b(?:but\s+)?(?:not|except|excluding|without)\s+(?:the\s+)?drafts?\b\s*\)?/gi, ""],
  // "bills we made but not actually sent out to the client yet": drafts.
  [
    /\b(?:(?:have\s+)?(?:we|you|i)\s+(?:have\s+)?(?:made|created|prepared|written|drawn\s+up)\s+)?(?:but\s+)?(?:not|haven't|hasn't|have\s+not|has\s+not|never)\s+(?:been\s+|actually\s+|yet\s+)*(?:sent|issued|finali[sz]ed|gone\s+out|went\s+out)(?:\s+out)?(?:\s+to\s+(?:the\s+)?(?:clients?|customers?))?(?:\s+yet)?/gi,
    " draft",
  ],
  [/,?\s*\b(?:(?:broken\s+down|split|grouped|sorted|listed)\s+(?:out\s+)?)?(?:by|per|for\s+each)\s+(?:client|customer|account|company|currency)\b/gi, ""],
  // "..., sorted by amount", "biggest first": the order of a list, which already names each record with its amount.
  [
    /,?\s*\b(?:(?:sorted|ordered|ranked)\s+by\s+(?:the\s+)?(?:amount(?:\s+due)?|value|size|balance|total)(?:\s+(?:desc(?:ending)?|high(?:est)?\s+to\s+low(?:est)?))?|(?:the\s+)?(?:biggest|largest|highest|smallest|lowest|soonest|earliest)\s+(?:ones?\s+)?(?:first|on\s+top|at\s+the\s+top))\b/gi,
    "",
  ],
  // (Its field already read as the order: "sorted" left alone at the end.)
  [/,?\s*\b(?:sorted|ordered|ranked)\s*(?=[?.!]*\s*$)/gi, ""],
  // "wire hit this am", "the cheque cleared yesterday": how the money came, told; the payment is said elsewhere.
  [
    /[,;]?\s*\b(?:the\s+|their\s+)?(?:wire|payment|transfer|money|cash|funds|cheque|check)\s+(?:hit|landed|arrived|came\s+(?:in|through)|cleared|went\s+through|has\s+cleared)(?:\s+(?:the|our)\s+(?:bank|account))?(?:\s+(?:this|today|yesterday|last)\s*(?:am|pm|morning|afternoon|night)?)?(?=\s*(?:[,;.!]|$))/gi,
    "",
  ],
  // "across all the positions we're hiring for", "over all our clients": every one, which a list is.
  [
    /,?\s*\b(?:across|over|for|in)\s+all\s+(?:of\s+)?(?:the\s+|our\s+)?(?:positions|jobs|roles|openings|reqs|vacancies|accounts|clients|customers|companies|pipelines|sequences)\b(?:\s+(?:that\s+)?we(?:'re|\s+are)\s+(?:hiring|recruiting)\s+for)?/gi,
    "",
  ],
  // "deals still going in the funnel", "opps in the pipe": open ones.
  [
    /\b(deals|opps|opportunities|sales)\s+(?:(?:are|is)\s+)?(?:still\s+)?(?:going\s+|sitting\s+|active\s+)?in\s+(?:the|our)\s+(?:sales\s+)?(?:funnel|pipeline|pipe)\b/gi,
    "open $1",
  ],
  [/\b(?:only\s+)?(?:the\s+ones\s+)?(?:still\s+)?in\s+progress\b/gi, ""],
  // "How far behind is Globex?": what they owe that is overdue.
  [/\bhow\s+(?:far\s+)?behind\s+(?:is|are)\s+(.+?)(?:\s+(?:on|with)\s+(?:their\s+)?(?:payments?|invoices?|bills?))?\s*\?/gi, "how much overdue does $1 owe?"],
  // "where Katherine Johnson is in the hiring process": its stage.
  [/^\s*where\s+(.+?)\s+(?:is|are)\s+(?:in|at)\s+(?:the\s+|our\s+)?(?:hiring\s+)?(?:process|pipeline|funnel)\s*\??\s*$/gi, "what stage is $1 in?"],
  // "who's still getting the follow-up emails": who is enrolled in the sequence.
  [
    /\b(?:who(?:'s|\s+is|\s+are)?|which\s+(?:people|contacts)(?:\s+are)?|people)\s+(?:still\s+|currently\s+|now\s+)?(?:getting|receiving|on)\s+(?:our\s+|the\s+)?(?:automatic\s+|automated\s+)?(?:follow[- ]?up\s+|nurture\s+|drip\s+|marketing\s+|sales\s+)?(?:emails|mails|messages|email\s+list|mailing\s+list)\b/gi,
    "active enrollments",
  ],
  // "stop emailing him", "take her off the list", "start sending the follow-up emails to Isla": a sequence's enrollment.
  [
    /\b(?:start|begin)\s+(?:sending|emailing)\s+(?:the\s+|our\s+)?(?:follow[- ]?up\s+|automatic\s+|automated\s+)?(?:emails\s+|messages\s+|sequence\s+)?to\s+(.+?)\s*[.!]?$/gi,
    "enroll $1 in the sequence",
  ],
  [
    /\b(?:take|pull|remove|drop|get)\s+(.+?)\s+(?:off|out\s+of|from)\s+(?:the\s+|our\s+)?(?:email\s+|mailing\s+|follow[- ]?up\s+)?(?:list|emails|mailing)\b/gi,
    "unenroll $1 from the sequence",
  ],
  // "take him out of the follow-up sequence": out of the sequence named.
  [
    /\b(?:take|pull|remove|drop|get)\s+(.+?)\s+(?:off|out\s+of|from)\s+(?:the\s+|our\s+)?((?:[\w-]+\s+){0,4}?)(?:sequence|campaign|cadence|drip)\b/gi,
    "unenroll $1 from the $2sequence",
  ],
  [/\b(?:asked|wants|want|told)\s+(?:us\s+)?to\s+stop\s+(?:emailing|contacting|messaging|mailing)\s+(?:him|her|them)\b/gi, "opted out"],
  // "knock Ken down to a 4", "I'd rate her a 4": a rating.
  [/\b(?:knock|bump|drop|move|take|lower|raise)\s+(.+?)\s+(?:down|up)\s+to\s+an?\s+([1-5])\b(?!\s*(?:k|m|%|\d))/gi, "rate $1 a $2"],
  // "rate their rating a 2", "put them down as a 4", "change Ann's rating to 3": the rating is the one rated.
  [/\brate\s+(.+?)(?:['’]s|\s+(?:their|his|her))?\s+(?:star\s+)?rating\s+(?:to\s+)?an?\s+([1-5])\b/gi, "rate $1 a $2"],
  [/\brate\s+(?:their|his|her)\s+(?:star\s+)?rating\s+(?:to\s+)?an?\s+([1-5])\b/gi, "rate them a $1"],
  [/\b(?:put|mark|set|have)\s+(him|her|them|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:down\s+)?as\s+an?\s+([1-5])\b(?!\s*(?:k|m|%|\d))/g, "rate $1 a $2"],
  // "hooli - lost, budget", "reject, not enough Go experience": the reason after a comma changes nothing.
  [
    /,\s*(?:(?:no\s+)?budget|price|pricing|timing|went\s+with\s+(?:a\s+)?competitor|competitor|bad\s+fit|too\s+(?:expensive|junior|senior)|not\s+enough\s+[^,.;!?]*|lack\s+of\s+[^,.;!?]*)\s*[.!]?\s*$/gi,
    "",
  ],
  // "what's supposed to close in the next two weeks": expected.
  [/\b(?:supposed|due|scheduled|slated|set)\s+to\s+(?=close|sign)/gi, "expected to "],
  // "the negotiating stage": the stage's name.
  [/\bnegotiating\b/gi, "negotiation"],
  // "where is the AE job based?": the job, whose location the answer states.
  [/^\s*where\s+(?:is|are)\s+(?:the\s+)?(.+?)\s+(?:based|located)\s*\??\s*$/gi, "show the $1"],
  // "If every sale we're working on closed, how much would that add up to?": the open pipeline.
  [
    /^\s*if\s+(?:every|all(?:\s+the)?|each)\s+(?:of\s+)?(?:(?:our|the)\s+)?(?:deals?|sales?|opportunit(?:y|ies))\s+(?:(?:we(?:'re|\s+are)\s+working\s+on|in\s+play|(?:that(?:'s|\s+is|\s+are)\s+)?open)\s+)?(?:(?:right\s+)?now\s+)?(?:closed|closes|came\s+in|won|signed)\s*,?\s*how\s+much\s+would\s+(?:that|it|they|we)\s+(?:add\s+up\s+to|be(?:\s+worth)?|come\s+to|bring\s+in|make)\b.*$/i,
    "what is the open pipeline?",
  ],
  // "If you factor in how likely each sale is to close, what is the whole funnel worth?": the weighted pipeline.
  [
    /^\s*(?:if\s+(?:you|we)\s+)?(?:factor(?:ing)?\s+in|tak(?:e|ing)\s+into\s+account|accounting\s+for|weight(?:ed|ing)?\s+(?:it\s+)?by)\s+how\s+likely\s+(?:each|every|the)\s+(?:deals?|sales?|opportunit(?:y|ies))\s+(?:is|are)\s+to\s+close\s*,?\s*(?:what\s+is|what's|how\s+much\s+is)\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:funnel|pipeline)\s+worth\b.*$/i,
    "what is the weighted pipeline?",
  ],
  // "Tim withdrew from the designer process": out of the running.
  [/\b(?:has\s+)?(?:withdrew|withdrawn|dropped\s+out)\b(?:\s+(?:from|of)\s+[^.,;!?]*)?/gi, "moved to rejected"],
  // "Sent Tyrell the proposal this morning": the deal is at the proposal stage.
  [/\b(?:sent|emailed|gave)\s+(?!the\b|a\b|our\b)(\S+(?:\s+\S+){0,3}?)\s+(?:the|a|our)\s+proposal\b/gi, "moved $1 to proposal"],
  // "w/ globex", "@ stark logistics": the sign for the word.
  [/(?<=\s|^)w\/(?=\s)/gi, "with"],
  [/(?<=\s)@(?=\s)/g, "at"],
  // "tyrell platform rollout -> proposal": a move.
  [/^\s*(.+?)\s*(?:->|=>|→|—>)\s*(.+?)\s*$/, "move $1 to $2"],
  // "radia perlman not a fit for design": a judgement, not a name.
  [
    /\s*\b(?:is\s+|isn't\s+|'s\s+)?(?:not|no longer)\s+(?:a|the)\s+(?:good\s+|great\s+|right\s+)?fit\b(?:\s+for\s+(?:the\s+)?[a-z]+(?:\s+(?:role|job|team|position))?)?/gi,
    "",
  ],
  // "did ken thompson get screened yet", "has INV-3 been paid yet": where it stands.
  [/^\s*(?:did|has|have)\s+(.+?)\s+(?:get|gotten|got|been)\s+[a-z]+(?:\s+(?:yet|already))?\s*\??$/gi, "what stage is $1 in?"],
  // "hires last 12 months", "how many new hires": people hired, not a request to hire.
  [/\b(?:new\s+|recent\s+)?hires\b(?!\s+(?:him|her|them|[a-z]+\s+[a-z]+\s*$))/gi, "hired candidates"],
  // "referral from mike": where a candidate came from.
  [/\breferral\s+(?:from|by|via)\s+[a-z]+\b/gi, "referred by someone"],
  // "what'd we score Katherine Johnson at?", "how did we rate Ken": the rating asked.
  [/\bwhat(?:'d|\s+did)\s+(?:we|you|they|i)\s+(?:score|rate|give)\s+(.+?)(?:\s+at)?\s*(?=[?.!]|$)/gi, "what is $1's rating"],
  [/\bhow\s+(?:did|do)\s+(?:we|you|they|i)\s+(?:score|rate)\s+(.+?)\s*(?=[?.!]|$)/gi, "what is $1's rating"],
  // "wheres the hooli deal at stage wise": what it says is the stage.
  [/\b(\w+)[\s-]wise\b/gi, "$1"],
  // Typed fast: "more then 30 days", "less then 5k".
  [/\b(more|less|fewer|greater|higher|lower|bigger|smaller)\s+then\b/gi, "$1 than"],
  [TIME_SAID, ""],
  // "Marketing wants to know how many...", "remind me who's enrolled", "id like to see": who asks is not what is asked.
  [
    /^\s*(?:(?:[a-z]+\s+){0,3}(?:wants?|would like|'d like|needs?|asked|asks)\s+to\s+(?:know|see|find out|check)\s+|remind me\s+|(?:i|we)(?:'d|\s+would)?\s+like\s+to\s+(?:know|see)\s+)/i,
    "",
  ],
  // "A recruiter rang. Remind me which vacancies we're advertising?": a question after a remark, asked the same way.
  [/(?<=[.?!]\s+)remind\s+me\s+(?=(?:which|what|who|whose|how|when|where|whether|if)\b)/gi, ""],
  // ("Remind me — when is ...": the dash that followed it.)
  [/^\s*[—–:-]+\s*/, ""],
  // "across all the roles", "across the board": everything, not a filter.
  [
    /,?\s*\b(?:across|over)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|our\s+|their\s+|its\s+|his\s+|her\s+)?(?:roles|jobs|openings|accounts|deals|pipelines?|board|company|business|teams?|currencies|customers|clients|companies|customer\s+base)\b/gi,
    "",
  ],
  // "finalize it so it goes out today": what the request is for changes nothing.
  [
    /\s+so\s+(?:that\s+)?(?:(?:it|they|we|he|she|i)\s+(?:can|could|will|goes|go|gets|get|is|are)|nobody|no\s+one|noone|everyone|everybody|people|finance|the\s+team)\b.*$/gi,
    "",
  ],
  // "(accounting already billed that work under another PO)": an aside in brackets, when it holds no value.
  // "between today and xmas (not counting xmas day)": the range's last day left out.
  [
    /\s*[(,]\s*(?:but\s+)?(?:not\s+(?:counting|including)|excluding|exclusive\s+of)\s+(?:the\s+)?(?:last\s+day|[\w'’-]+(?:\s+day)?|the\s+\d{1,2}(?:st|nd|rd|th)?)\s*\)?/gi,
    " exclusive",
  ],
  [/\s*\((?![^)]*[\d@.])[^)]*\)/g, ""],
  // "in dollar terms": the currency.
  [/\bin\s+(dollar|euro|pound|sterling)\s+terms\b/gi, "in $1s"],
  // "we're going with Linus", "we went with Ada": the one chosen is hired.
  [/\bwe(?:'re|\s+are|'ll|\s+will|'ve|\s+have)?\s+(?:going|decided\s+to\s+go|gone|go|went)\s+with\b/gi, "hire"],
  // "where's Tim at in the process?", "where does the Acme deal stand": its stage.
  [
    /^\s*where(?:'s|\s+is|\s+are|\s+does|\s+do)\s+(.+?)(?:\s+(?:at|stand|standing|sitting|sit))?(?:\s+(?:in|with)\s+(?:the|our)\s+(?:process|pipeline|funnel|hiring|things))?\s*\??$/gi,
    "what stage is $1 in?",
  ],
  // "open up a new req", "open a deal for Initech": a new record.
  [/\bopen(?:\s+up)?\s+(?=(?:a|an)\s+(?:new\s+)?)/gi, "create "],
  [/\b(?:list|put up|advertise)\s+(an?\s+(?:new\s+)?(?:job|role|opening|position|vacancy|req))\b/gi, "post $1"],
  [
    /\b(?:refresh|recompute|recalculate|update|rerun|re-run|regenerate)\s+(?:the\s+|our\s+|all\s+)?(?:numbers|figures|metrics|stats|kpis|analytics)\b/gi,
    "take a snapshot",
  ],
  [/\b(?:did ?n[o']?t|does ?n[o']?t|do ?n[o']?t)\s+make\s+(?:it|the cut)\b/gi, ","],
  [
    /\b(?:has\s+|have\s+)?(?:accepted|signed|took)\s+(?:our|the|an?|his|her|their)\s+(?:job\s+)?offer(?:\s+letter)?\b(?:\s+and\s+(?:is|will\s+be)\s+(?:joining|starting)(?:\s+us)?(?:\s+(?:from|on)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?)?/gi,
    "hired",
  ],
  // "the contacts at Initech with their titles": what to show, not what to find.
  [/\s+with\s+(?:their|its|the)\s+(?:titles?|emails?|phones?|phone\s+numbers?|numbers?|stages?|amounts?|details|statuses|status)\b/gi, ""],
  [/\b(?:said|told)\s+no\s+to\b/gi, "rejected"],
  // "waiting on an offer decision", "in the interview round": the state is what is meant; the noun after it names no record.
  [/\b(\w+)\s+(?:decision|phase|round)s?\b(?![-\s]+makers?)/gi, "$1"],
  [/\bget\s+rid\s+of\b|\bthrow\s+away\b/gi, "delete"],
  // "offer the job to Ann", "extend an offer to Ann", "make Ann an offer": a move to offer.
  [/^\s*(?:please\s+)?offer\s+(?:the\s+|our\s+)?(?:job|role|position)\s+to\s+(.+?)\s*[.!]?$/gi, "move $1 to offer"],
  [/\b(?:extend|send|make)\s+an?\s+(?:job\s+)?offer\s+to\s+(.+?)\s*[.!]?$/gi, "move $1 to offer"],
  // "schedule an interview with Ann": a move to interview.
  [/\b(?:schedule|book|set\s+up|arrange|line\s+up)\s+(?:an?\s+|the\s+)?(?:interview|onsite|on-site)\s+(?:with|for)\s+(.+?)\s*[.!]?$/gi, "move $1 to interview"],
  // "Isla got promoted to CTO": her new title.
  [/\s+(?:got|was|has\s+been|is|just\s+got)\s+promoted\s+to\s+(?:the\s+)?/gi, "'s title is "],
  // "turn the Intro sequence off": a pause.
  [/\b(?:turn|switch)\s+off\b|\bshut\s+down\b/gi, "pause"],
  [/\b(?:turn|switch)\s+(\S+(?:\s+\S+){0,5}?)\s+off\b/gi, "pause $1"],
  // "they want it closed by the end of the quarter", "hoping to sign before January": when it is expected to close, not a win.
  [
    /\b(?:(?:they|we|he|she|it)(?:'re|\s+are|'s|\s+is)?\s+)?(?:want|wants|wanted|hope|hopes|hoping|expect|expects|expecting|plan|plans|planning|aim|aims|aiming|looking|intend|intends|intending|going)\s+(?:(?:it|them|this|that)\s+)?(?:to\s+)?(?:be\s+)?(?:close|closed|sign|signed|closing|signing)\s+(?:it\s+)?(?=by|before|on|in|for|at|around|end|next|this)/gi,
    "close date is ",
  ],

  [/^\s*where\s+(?:is|are|'s)\s+(.+?)\s+(?:in|at)\s+(?:the\s+|our\s+)?(?:process|pipeline|funnel|hiring process)\s*\??\s*$/gi, "what stage is $1 at"],
  // "James is now a customer", "Ann became a customer": a statement of a new state is a move to it.
  [
    /(?<!\b(?:email|e-mail|phone|mobile|title|name|domain|website|site|url|address|number|amount|value|location|department|source|industry|country|rating|notes?)\s)\b(?:is|are)\s+now\s+(?:(?:in|at)\s+(?:the\s+)?|an?\s+)?(?=[a-z])/gi,
    "moved to ",
  ],
  // "drop Alan from the process", "take Ann out of the running": a rejection, not leaving a sequence.
  [
    /\b(?:drop|remove|take|pull|cut)\s+(.+?)\s+(?:from|out\s+of)\s+(?:the\s+)?(?:process|running|hiring\s+process|consideration|funnel|pipeline)\b/gi,
    "reject $1",
  ],
  [/\b(?:became|has\s+become|have\s+become|turned\s+into|converted\s+(?:in)?to)\s+(?:an?\s+)?/gi, "moved to "],
  [/\b(?:not\s+(?:moving|going)\s+(?:forward|ahead)|won'?t\s+(?:move|go)\s+(?:forward|ahead)|moving\s+on\s+from)\s+with\b/gi, "reject"],
  [
    /\b(?:everyone|everybody|anyone|anybody|all\s+(?:the\s+)?(?:people|those)|people|folks|those)\s+(?:who|that)\s+(?:has\s+|have\s+)?(?:applied|applies)\b(?!\s+(?:stage|status|for|to)\b)/gi,
    "all candidates",
  ],
  [/\b(?:say|tell)\s+no\s+to\b/gi, "reject"],
  [/\bturn(?:s|ing)?\s+down\b/gi, "reject"],
  [/\bturned\s+down\b/gi, "rejected"],
  [/\bturn\s+(\S+(?:\s+\S+)?)\s+down\b/gi, "reject $1"],
  [/\bpass(?:ing)?\s+on\b/gi, "reject"],
  [/\bpassed\s+on\b/gi, "rejected"],
  [/\bsign(?:ing)?\s+up\b/gi, "enroll"],
  [/\bsigned\s+up\b/gi, "enrolled"],
  [/\bsign\s+(\S+(?:\s+\S+)?)\s+up\s+(?:for|to|in|on)\b/gi, "enroll $1 in"],
  [/\b(?:turn|switch)\s+(?:it\s+|them\s+)?(?:back\s+)?on\b/gi, "resume"],
  [/\b(?:turn|switch)\s+(\S+(?:\s+\S+){0,4})\s+back\s+on\b/gi, "resume $1"],
  [
    /\b(?:(?:people|persons|folks|applicants|candidates)\s+(?:who\s+|that\s+)?)?(?:has\s+|have\s+|had\s+)?(?:applied|applying|apply)\s+(?:for|to)\b/gi,
    "candidates for",
  ],
  [
    /\b(?:(?:people|persons|folks|contacts)\s+)?(?:who\s*)?(?:(?:is|are|'s)\s+)?(?:currently\s+|still\s+|now\s+)?enrolled\s+(?:in|on|into)\b/gi,
    "enrollments in",
  ],
  // "james novak is a qualified lead now": a new lifecycle stage.
  [
    /(?:\b(?:is|are)|(?<=\w)['’](?:s|re))\s+(?:an?\s+)?(lead|qualified|customer|subscriber|opportunity|evangelist|prospect)(?:\s+lead)?\s+now\b/gi,
    " moved to $1",
  ],
  // "move her on to the next stage": to.
  [/\b(move|advance|push|bump|progress|take)\s+(.+?)\s+(?:on\s+to|onto|on\s+into|forward\s+to|through\s+to)\b/gi, "$1 $2 to"],
  // "hooli - lost", "aperture: won": a deal's outcome, said in a note.
  [/^\s*([^-–—:]+?)\s*(?:\s[-–—]+|:)\s*(won|lost|dead|signed|closed\s+won|closed\s+lost)\s*[.!]*\s*$/gi, "mark $1 deal as $2"],
  // "open deals sorted by amount": the order is read from the request as typed (reads.ts sortAsked), not a name; last,
  // after the rules that read "rank the Proposal deals by value, biggest first" as the largest.
  [new RegExp(String.raw`\s*[,;]?\s*(?:and\s+)?${SORT_ASKED.source}`, "gi"), ""],
];

/** States several values make up: "unpaid invoices" are open or overdue. */
export const GROUP_WORDS: Record<string, string[]> = {
  unpaid: ["open", "overdue"],
  outstanding: ["open", "overdue"],
  owed: ["open", "overdue"],
  owing: ["open", "overdue"],
  due: ["open", "overdue"],
  receivable: ["open", "overdue"],
  closed: ["won", "lost"],
  "in progress": ["screening", "interview", "offer"],
  "in the pipeline": ["applied", "screening", "interview", "offer"],
  "in process": ["applied", "screening", "interview", "offer"],
  "in the process": ["applied", "screening", "interview", "offer"],
  "in the game": ["applied", "screening", "interview", "offer"],
  "in the running": ["applied", "screening", "interview", "offer"],
  "in contention": ["applied", "screening", "interview", "offer"],
  "in play": ["applied", "screening", "interview", "offer"],
};

/** Field names as people say them, for values ("website is acme.io", "make her VP Sales"). */
export const FIELD_WORDS: Record<string, string[]> = {
  name: ["name", "called", "named"],
  title: ["title", "job title", "position", "designation"],
  email: ["email", "e-mail", "mail", "email address"],
  phone: ["phone", "phone number", "mobile", "number", "direct line", "cell"],
  domain: ["domain", "website", "site", "web site", "url", "web address", "web domain"],
  website: ["website", "site", "url", "web address"],
  industry: ["industry", "sector", "vertical"],
  country: ["country"],
  location: ["location", "based in", "located in", "office", "city"],
  department: ["department", "dept", "team"],
  employee_count: ["employees", "employee count", "headcount", "staff"],
  amount: ["amount", "value", "worth", "size", "price"],
  currency: ["currency"],
  due_date: ["due date", "due"],
  expected_close_date: ["close date", "closing date", "expected close", "closes", "close"],
  source: ["source"],
  rating: ["rating", "score"],
  notes: ["notes", "note"],
  description: ["description", "memo", "for"],
  client: ["client", "customer", "billed to"],
  lifecycle_stage: ["lifecycle", "lifecycle stage"],
  tags: ["tags", "tag"],
};

/** Words that never name a record. */
export const STOPWORDS = new Set(
  (
    "a an the of for to in on at by with from into onto about as and or but not no is are was were be been being am do does did done have has had " +
    "i me my we us our you your they them their he him his she her it its this that these those there here what which who whom whose how why when where " +
    "please can could would should will shall may might must let lets let's just also all every everyone everybody each any some many much more most " +
    "still currently now already yet ever again only up out over under above below between than then so very really too " +
    "one ones thing things stuff list show tell give get find me number numbers amount worth value all total sum " +
    "today yesterday tomorrow week month quarter year morning afternoon evening tonight ago since before after until till " +
    "stage stages status state right away asap bucket buckets single pile pipe in-total best strongest weakest thanks thank hi hello hey okay ok kindly quick quickly currently pls plz " +
    "according didn't doesn't don't isn't aren't wasn't weren't won't haven't hasn't sitting sits sit lying parked waiting awaiting anyone anybody someone somebody crm atm rn u ur tbh fyi btw thx ty basically actually literally overall altogether presently roughly approximately exactly combined together grand whole entire honestly moment far " +
    "need needs needed want wants wanted wanna like love know check wondering curious interested looking hoping " +
    "record records entry entries item items details info information money cash work works working employed employ date everything anything nothing something whatever came come comes coming got gotten left through thru forward along onto we're we've i'm they're it's that's there's what's who's"
  ).split(" "),
);

const INDEX = new Map<string, string>();
/** Every word that names a state: never read as a misspelt resource or verb ("contract" is not "contact"). */
const VALUE_SYNONYMS = new Set<string>();
for (const [resource, words] of Object.entries(RESOURCE_WORDS)) for (const w of words) INDEX.set(w, resource);

/** The resource a word names, allowing a typo in longer words ("invoics", "oportunities"). */
export function resourceOf(word: string): string | undefined {
  const w = word.toLowerCase();
  const exact = INDEX.get(w) ?? INDEX.get(w.replace(/(ies)$/, "y")) ?? INDEX.get(w.replace(/e?s$/, "")) ?? INDEX.get(w.replace(/s$/, ""));
  if (exact) return exact;
  if (w.length < 5 || VALUE_SYNONYMS.has(w)) return undefined;
  let best: { resource: string; d: number } | undefined;
  for (const [name, resource] of INDEX) {
    if (name.length < 4) continue;
    const d = Math.min(distance(w, name), distance(w, `${name}s`), distance(w, name.replace(/y$/, "ies")));
    if (d <= (w.length >= 8 ? 2 : 1) && (!best || d < best.d)) best = { resource, d };
  }
  return best?.resource;
}

/** The action a verb (as its root) asks for, allowing a typo in longer verbs. */
export function actionOf(root: string): Action | undefined {
  const exact = ACTION_WORDS[root];
  if (exact) return exact;
  if (root.length < 7 || VALUE_SYNONYMS.has(root)) return undefined;
  // A misspelt verb never reads as a destructive one ("remote" is not "remove").
  for (const [verb, action] of Object.entries(ACTION_WORDS)) if (verb.length >= 6 && !DESTRUCTIVE.has(action) && near(root, verb)) return action;
  return undefined;
}

const DESTRUCTIVE = new Set<Action>(["delete", "void", "uncollectible", "reject", "lose", "archive", "pause"]);

/** One edit apart, or two neighbouring letters swapped ("unpiad"). */
export function near(a: string, b: string): boolean {
  if (distance(a, b) <= 1) return true;
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
}

/** How alike two names are, 0..1, on their words (typos and word order forgiven). */
export function likeness(a: string, b: string): number {
  const x = a.toLowerCase().trim();
  const y = b.toLowerCase().trim();
  if (!x || !y) return 0;
  if (x === y) return 1;
  return 1 - distance(x, y) / Math.max(x.length, y.length);
}

/**
 * A word as it sounds, roughly: what a dictation engine or a hurried typist keeps of it ("oz corp" and "Oscorp",
 * "blue son" and "Blue Sun", "initek" and "Initech", "francis" and "Frances" sound alike). Letters that sound alike
 * are one, doubled letters one, and vowels after the first letter are dropped.
 */
export function soundKey(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/ph/g, "f")
    .replace(/ck|ch|q|c/g, "k")
    .replace(/x/g, "ks")
    .replace(/z/g, "s")
    .replace(/y/g, "i")
    .replace(/gh/g, "");
  return (w.slice(0, 1) + w.slice(1).replace(/[aeiouwh]/g, "")).replace(/(.)\1+/g, "$1");
}

/**
 * How many of the words said, from the first, are heard in a record's name: each run of said words sounds like one
 * word of the name (taken in order, words of the name may be skipped: "globe ex pilot" is "Globex Corporation: Pilot
 * project"), or the last is the start of one ("tyrell bio"). Words after those are the sentence going on ("katherine
 * johnson crushed the interview"). 0 when the name's first word is not the first heard.
 */
export function heardWords(said: string[], label: string): number {
  const own = label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const ownKeys = own.map(soundKey);
  let best = 0;
  // (Small: a name has a few words, and runs of at most three said words make one of its words.)
  const walk = (i: number, j: number) => {
    if (i > best) best = i;
    if (i >= said.length || j >= own.length) return;
    for (let k = j; k < own.length; k++) {
      if (i === 0 && k > 0) break;
      for (let n = 1; n <= 3 && i + n <= said.length; n++) {
        const run = said.slice(i, i + n).join("");
        const key = soundKey(run);
        // ("leo", "ava": too short to be heard wrong; "bio" after "tyrell" is where the name was cut short.)
        const sounds = (key.length < 2 ? run === own[k] : key === ownKeys[k]) || (i > 0 && n === 1 && run.length >= 3 && own[k]!.startsWith(run));
        if (sounds) walk(i + n, k + 1);
      }
    }
  };
  walk(0, 0);
  return best;
}

/** First words of job titles that "of" continues ("head of IT", "VP of Sales"): the "of" stays in the name. */
export const TITLE_HEADS = new Set([
  ...["head", "vp", "director", "chief", "manager", "lead", "president", "svp", "evp", "avp", "dean", "professor", "founder", "cofounder", "co-founder"],
  ...["ceo", "cfo", "cto", "coo", "cmo", "cio", "cpo", "cro", "controller"],
]);

/** Departments people name a job by ("new job: Sales Engineer, Engineering, Paris"). */
export const DEPARTMENTS = new Set(
  "engineering sales marketing finance design product operations ops hr people legal support customer success it data research security recruiting talent admin administration accounting procurement growth partnerships customer support".split(
    " ",
  ),
);

/** Countries (and a few cities people name instead), to ISO 3166-1 alpha-2 codes: "accounts in the US", "based in Lisbon". */
export const PLACES: Record<string, string> = {
  us: "US",
  usa: "US",
  "united states": "US",
  // ("based in the States": the article is dropped before the lookup.)
  states: "US",
  stateside: "US",
  nyc: "US",
  sf: "US",
  america: "US",
  "new york": "US",
  "san francisco": "US",
  boston: "US",
  chicago: "US",
  austin: "US",
  seattle: "US",
  uk: "GB",
  gb: "GB",
  "united kingdom": "GB",
  britain: "GB",
  "great britain": "GB",
  england: "GB",
  london: "GB",
  manchester: "GB",
  germany: "DE",
  deutschland: "DE",
  berlin: "DE",
  munich: "DE",
  hamburg: "DE",
  france: "FR",
  paris: "FR",
  lyon: "FR",
  portugal: "PT",
  lisbon: "PT",
  lisboa: "PT",
  porto: "PT",
  spain: "ES",
  madrid: "ES",
  barcelona: "ES",
  italy: "IT",
  rome: "IT",
  milan: "IT",
  netherlands: "NL",
  holland: "NL",
  amsterdam: "NL",
  ireland: "IE",
  dublin: "IE",
  belgium: "BE",
  brussels: "BE",
  switzerland: "CH",
  zurich: "CH",
  geneva: "CH",
  austria: "AT",
  vienna: "AT",
  sweden: "SE",
  stockholm: "SE",
  norway: "NO",
  oslo: "NO",
  denmark: "DK",
  copenhagen: "DK",
  finland: "FI",
  helsinki: "FI",
  poland: "PL",
  warsaw: "PL",
  canada: "CA",
  toronto: "CA",
  vancouver: "CA",
  mexico: "MX",
  brazil: "BR",
  "sao paulo": "BR",
  argentina: "AR",
  japan: "JP",
  tokyo: "JP",
  china: "CN",
  india: "IN",
  bangalore: "IN",
  singapore: "SG",
  australia: "AU",
  sydney: "AU",
  "new zealand": "NZ",
  israel: "IL",
  "tel aviv": "IL",
};

export function placeCode(text: string): string | undefined {
  return PLACES[
    text
      .toLowerCase()
      .replace(/^the\s+/, "")
      .replace(/[?.!]+$/, "")
      .trim()
  ];
}

for (const [value, words] of Object.entries(VALUE_WORDS)) for (const w of [value, ...words]) VALUE_SYNONYMS.add(w);

/** Prepositions: the word before a name says how it relates ("invoices for Acme"). */
export const PREPS = new Set([
  "at",
  "for",
  "with",
  "from",
  "of",
  "in",
  "into",
  "to",
  "on",
  "onto",
  "by",
  "about",
  "as",
  "called",
  "named",
  "under",
  "via",
  "tagged",
  "toward",
  "towards",
  "against",
]);
/** How a question starts. */
export const QUESTION_START =
  /^(?:which|what|what's|whats|who|whom|whose|how|show|list|find|display|give|get|are|is|do|does|did|any|anything|anyone|anybody|has|have|hasn't|haven't|was|were|can you (?:show|list|find|tell)|(?:can|could|would) you (?:look up|pull up)|tell me|i need (?:a list|to see)|let me see|pull up|search|look up|where|when)\b/;

/** Text matched as itself inside a regular expression (a name said, a stage's name). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A message with every rewrite applied, in order. */
/** The last text rewritten and what it became: a turn rewrites its message once to split it, then again to parse it. */
let last: { text: string; out: string } | undefined;

const SHIELD = "\u2063".repeat(3);
export function rewrite(text: string, rules: Rewrite[] = REWRITES): string {
  if (rules === REWRITES && last?.text === text) return last.out;
  // A note's or a description's words in quotes are the person's own, kept as written: no rule reads inside them.
  // (Other quotes are read: a customer's words relayed, a name.)
  const kept: string[] = [];
  const shielded = text.replace(
    /(\bnotes?\b[^"“.?!]{0,60}?[:=]\s*|\b(?:notes?|description|memo|desc)\s*(?:is|should\s+be|=|:)?\s*)(["“][^"“”]*\s[^"“”]*["”])/gi,
    (_, lead: string, quote: string) => `${lead}"${SHIELD}${kept.push(quote) - 1}${SHIELD}"`,
  );
  let searched = searchable(shielded);
  const out = rules
    .reduce((t, [from, to]) => {
      if (!mayMatch(from, searched)) return t;
      const next = typeof to === "string" ? t.replace(from, to) : t.replace(from, to);
      if (next !== t) searched = searchable(next);
      return next;
    }, shielded)
    .replace(new RegExp(`("?)${SHIELD}(\\d+)${SHIELD}("?)`, "g"), (_, open: string, n: string, close: string) =>
      open && close ? kept[Number(n)]! : kept[Number(n)]!.slice(1, -1),
    );
  if (rules === REWRITES) last = { text, out };
  return out;
}
