/*
 * Text pasted into a message with a word or two of instruction: a chat message with its sender and time, a
 * forwarded email with its headers, greeting and signature, a calendar invite with its links. What the paste says
 * stays; the furniture around it goes, and each line ends as a sentence so that the lines do not run together.
 */

/** "Dana Whitfield  4:15 PM", "Priya (Finance)  9:20 AM": who posted a chat message, and when. */
const CHAT_HEADER = /^[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}(?:\s*\([^)]{1,30}\))?\s+\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?$/;
/** The lines an email client or a calendar adds around what was written. */
const FURNITURE = [
  /^-{2,}\s*(?:forwarded|original)\s+message\s*-*$/i,
  /^(?:to|cc|bcc|sent|date|reply-to|attendees|guests|organi[sz]er|location|when)\s*:/i,
  /^(?:sent\s+from\s+my\s+\w+|get\s+outlook\s+for\s+\w+)\b/i,
  /^(?:please\s+do\s+not\s+reply|this\s+(?:e-?mail|message)\s+(?:and\s+any\s+attachments\s+)?(?:is|was|may|contains)|confidentiality\s+notice|disclaimer)\b/i,
  /^(?:google\s+meet\s+joining\s+info|join\s+(?:zoom|teams|the)\s+meeting|video\s+call\s+link|zoom|meet|teams)\b.*$/i,
  /^\S*https?:\/\/\S+$/i,
];
/** "Hi Lena,", "Bonjour Lena,", "Dear Supplier,": a greeting alone on its line. */
const GREETING = /^(?:hi|hello|hey|dear|bonjour|hola|hallo|good\s+(?:morning|afternoon|evening))\b[^.!?]{0,30}[,!.]?$/i;
/** "Thanks,", "All the best,", "Merci,", "Thx, M": a sign-off, and the name under it. */
const SIGN_OFF =
  /^(?:thanks|thank\s+you|thx|ty|cheers|regards|best|all\s+the\s+best|best\s+wishes|kind\s+regards|warm\s+regards|many\s+thanks|merci|gracias|danke|sincerely|yours)\b[^.!?]{0,25}$/i;
/** "can you do this?", "can you check", "fyi": a pointer at the paste, which says the rest. */
const POINTER =
  /^(?:(?:can|could|would)\s+(?:you|u)\s+(?:do|check|handle|action|sort)\s+(?:this|that|it)?|can\s+you\s+check|fyi|pls|please|thoughts)\s*[?.!]*$/i;
/** "ok'd by finance, go ahead and change it", "pls action this": a go-ahead for what the paste asks. */
const GO_AHEAD =
  /^(?:(?:ok(?:'d|’d)?|okay|approved|fine|sure|yes|yep)\b[^.!?]{0,30}?[,.;-]?\s*)?(?:(?:pls|please|can\s+you|could\s+you|go\s+ahead\s+and|just)\s+)*(?:(?:do|change|update|action|process|handle|make)\s+(?:it|this|that|the\s+change)|set\s+(?:it|this|that)\s+up)(?:\s+(?:pls|please|for\s+me))?\s*[.!?]*$/i;
/** "Would it be possible to move ...", "Could you cancel it on your side?": the paste asks for a change. */
const ASKS = /\b(?:would\s+it\s+be\s+possible\s+to|could\s+you|can\s+you|would\s+you|please|pls|kindly)\s+(?!do\s+(?:this|it)\b)[a-z]+/i;
/** "From: Alan Turing <alan.turing@example.com>": whose email it is. */
const FROM = /^from\s*:\s*(.+)$/i;
/** "Subject: Duplicate invoice INV-000018": what it is about, kept when it names a record. */
const SUBJECT = /^subject\s*:\s*(?:(?:re|fw|fwd)\s*:\s*)*(.*)$/i;

/** A row of a table copied from a spreadsheet or a CRM export: cells split by tabs or pipes. */
const cellsOf = (line: string) => (/\t/.test(line) ? line.split(/\t+/) : / \| /.test(line) ? line.split(/\s+\|\s+/) : [line]).map((c) => c.trim());

/** What a column (or an object's key) holds, by its header's words. */
const COLUMNS: [RegExp, string][] = [
  [/^(?:first\s*name|given\s*name)$/i, "first"],
  [/^(?:last\s*name|surname|family\s*name)$/i, "last"],
  [/^(?:opportunity|deal(?:\s*name)?|name|full\s*name|contact|candidate)$/i, "name"],
  [/^(?:account|company|organi[sz]ation|client|customer)(?:\s*(?:name|id))?$/i, "account"],
  [/^(?:amount|value|deal\s*(?:size|value)|arr|acv|total)$/i, "amount"],
  [/^(?:currency|ccy)$/i, "currency"],
  [/^(?:stage|deal\s*stage)$/i, "stage"],
  [/^(?:lead\s*status|lifecycle(?:\s*stage)?|status)$/i, "status"],
  [/^(?:close\s*date|expected\s*close(?:\s*date)?|closing(?:\s*date)?)$/i, "close"],
  [/^(?:due(?:\s*date)?|due\s*on)$/i, "due"],
  [/^(?:e-?mail(?:\s*address)?)$/i, "email"],
  [/^(?:phone|mobile|tel(?:ephone)?)(?:\s*number)?$/i, "phone"],
  [/^(?:title|job\s*title|role|position|designation)$/i, "title"],
  [/^(?:location|city|office)$/i, "location"],
  [/^(?:description|memo|line|item)$/i, "description"],
  [/^(?:source|lead\s*source)$/i, "source"],
  [/^(?:department|dept|team)$/i, "department"],
  [/^(?:employment\s*type|type)$/i, "type"],
  [/^(?:job|job\s*(?:id|name)|req|opening)$/i, "job"],
  [/^(?:tags?|labels?)$/i, "tags"],
];

/**
 * A record's values by what each holds ("name" ... "close"), said as a person would: "Support renewal 2027 for
 * Aperture Labs, $24,000, in Qualified, closing 3/31/2027", "Priya Raman, Head of Ops at Aperture Labs, email ...".
 * `before` is what the message says ahead of them ("new invoice:", "add contact"), which tells whose they are.
 * Undefined when fewer than two keys are known.
 */
export function recordSaid(values: Record<string, string>, before = ""): string | undefined {
  const v: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const kind = COLUMNS.find(([words]) => words.test(key.trim()))?.[1];
    if (kind && value) v[kind] = value;
  }
  if (Object.keys(v).length < 2) return undefined;
  const person = /\b(?:contact|candidate|person|lead|applicant)s?\b/i.test(before) || Boolean(v.first || v.email);
  const name = v.name ?? [v.first, v.last].filter(Boolean).join(" ");
  const quoted = name && !person && /[^\w\s&'’.-]/.test(name) ? `"${name}"` : name;
  const amount = v.amount ? `${v.amount}${v.currency ? ` ${v.currency}` : ""}` : "";
  const parts = [
    quoted,
    v.title ? `${v.title}${v.account ? ` at ${v.account}` : ""}` : v.account ? `${person ? "at" : "for"} ${v.account}` : "",
    v.email ? `email ${v.email}` : "",
    v.phone ? `phone ${v.phone}` : "",
    amount,
    v.stage ? `in ${v.stage}` : "",
    v.status ? `as a ${v.status.toLowerCase()}` : "",
    v.close ? `closing ${v.close}` : "",
    v.due ? `due ${v.due}` : "",
    v.job ? `for the ${v.job} job` : "",
    v.department ? `in the ${v.department} department` : "",
    v.type ? v.type.replace(/_/g, " ") : "",
    v.location ? `based in ${v.location}` : "",
    v.source ? `source ${v.source}` : "",
    v.tags ? `tagged ${v.tags}` : "",
    v.description ? `description "${v.description}"` : "",
  ].filter(Boolean);
  return parts.join(", ");
}

/**
 * "Account | Opportunity | Amount ... / Aperture Labs | Support renewal 2027 | $24,000 ...": each row of a table under
 * its header, as a person would say it. Undefined when the lines are not such a table.
 */
function rowsSaid(header: string[], rows: string[][]): string[] | undefined {
  if (header.filter((h) => COLUMNS.some(([words]) => words.test(h))).length < 2) return undefined;
  return rows.map((row) => {
    const values = Object.fromEntries(header.map((h, n) => [h, row[n] ?? ""]));
    const said = recordSaid(values) ?? row.join(", ");
    const kinds = header.map((h) => COLUMNS.find(([words]) => words.test(h))?.[1]);
    const has = (kind: string) => kinds.some((k, n) => k === kind && row[n]);
    // (A row with a stage, an amount or a close date is a deal's, whatever its name column is called.)
    const deal = (has("stage") || has("amount") || has("close")) && !has("email") && !has("first");
    return `${deal ? "New deal " : ""}${said}.`;
  });
}

/** The message with a paste's furniture taken out; a message of one line is as it was. */
export function unpasted(message: string): string {
  if (!/\n/.test(message.trim())) return message;
  let lines = message.split(/\r?\n/).map((l) => l.trim());
  // A table: a header of three or more cells and rows of as many.
  const at = lines.findIndex((l) => cellsOf(l).length >= 3);
  if (at >= 0) {
    const header = cellsOf(lines[at]!);
    let end = at + 1;
    while (end < lines.length && cellsOf(lines[end]!).length === header.length) end++;
    const said = end > at + 1 ? rowsSaid(header, lines.slice(at + 1, end).map(cellsOf)) : undefined;
    if (said) lines = [...lines.slice(0, at), ...said, ...lines.slice(end)];
  }
  const kept: string[] = [];
  let signed = false;
  for (let [n, line] of lines.entries()) {
    if (!line) {
      signed = false;
      continue;
    }
    if (CHAT_HEADER.test(line) || FURNITURE.some((f) => f.test(line)) || GREETING.test(line)) continue;
    // "Hi Lena, for our year-end close could you ...": a greeting the line goes on after.
    line = line.replace(/^(?:hi|hello|hey|dear|bonjour|hola)\b[^,!.?]{0,20}[,!]\s+(?=\S)/i, "");
    if (SIGN_OFF.test(line)) {
      signed = true;
      continue;
    }
    // The name under a sign-off ("Alan", "Kaylee Frye").
    if (signed && /^[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}[.,]?$/.test(line)) continue;
    // A closing pointer at the paste: the paste already asks.
    if (POINTER.test(line) && n > 0) continue;
    // Who sent it is in the signature, or not needed: the body says what happened.
    if (FROM.test(line)) continue;
    // A subject names what the body says again ("INV-000016 - extension request").
    if (SUBJECT.test(line)) continue;
    // "T: +1 512 555 0133", "E: sofia@initech.io": a signature's phone and email, said as such.
    const contact = /^(t|tel|m|mob|mobile|p|phone|e|email|e-mail)\s*:\s*(\S.*)$/i.exec(line);
    if (contact) {
      kept.push(`${/^e/i.test(contact[1]!) ? "email" : "phone"} ${contact[2]!.trim()}.`);
      continue;
    }
    // "Name: Fatima Al-Mansouri / Company: Hooli Cloud / Designation: ...": one record's values, one list.
    const field = /^([\p{L} -]{2,30}?)\s*:\s*\S/u.exec(line);
    if (field && COLUMNS.some(([header]) => header.test(field[1]!.trim()))) {
      kept.push(`${line.replace(/[.,;]$/, "")},`);
      continue;
    }
    kept.push(/[.!?:;,]$/.test(line) ? line : `${line}.`);
  }
  if (kept.at(-1)?.endsWith(",")) kept[kept.length - 1] = `${kept.at(-1)!.slice(0, -1)}.`;
  // "... Would it be possible to move the due date on INV-16 to December 21? ... / go ahead and change it": the
  // go-ahead points at the request the paste makes.
  if (kept.length > 1 && GO_AHEAD.test(kept.at(-1)!) && kept.slice(0, -1).some((l) => ASKS.test(l))) kept.pop();
  return kept.join(" ");
}
