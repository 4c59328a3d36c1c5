import { SCOPE_DESCRIPTIONS, type Scope } from "../platform/auth/scopes.ts";

const htmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1d2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border:1px solid #dde1e8;border-radius:10px;padding:28px 32px;max-width:440px;width:100%;box-sizing:border-box}
h1{font-size:19px;margin:0 0 4px}img{width:40px;height:40px;border-radius:8px;float:right}ul{padding-left:20px}
.muted{color:#5b6474;font-size:13px}.warn{background:#fff4e5;border:1px solid #f5c27a;border-radius:6px;padding:8px 12px}
.actions{display:flex;gap:10px;margin-top:20px}button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #c5cbd5;background:#fff;cursor:pointer}
button[value=approve]{background:#2f5bea;border-color:#2f5bea;color:#fff}button:disabled{opacity:.5;cursor:not-allowed}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlEscape(title)} · Enginery</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface ConsentView {
  appName: string;
  logoUrl: string | null;
  organizationName: string;
  userEmail: string;
  role: string;
  redirectHost: string;
  scopes: Scope[];
  /** Scopes the member's role does not hold: consent cannot be given. */
  beyondRole: Scope[];
  /** Hidden form fields: the authorization request, echoed back and checked again on POST, and the CSRF token. */
  fields: Record<string, string>;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.fields)
    .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
    .join("");
  const scopes = view.scopes.map((s) => `<li><strong>${htmlEscape(SCOPE_DESCRIPTIONS[s])}</strong> <span class="muted">${htmlEscape(s)}</span></li>`).join("");
  const refused = view.beyondRole.length
    ? `<p class="warn">Your role (${htmlEscape(view.role)}) cannot grant ${view.beyondRole.map(htmlEscape).join(", ")}. Ask an admin to connect this app.</p>`
    : "";
  return page(
    `Connect ${view.appName}`,
    `${view.logoUrl ? `<img src="${htmlEscape(view.logoUrl)}" alt="">` : ""}<h1>Connect ${htmlEscape(view.appName)}</h1>
<p class="muted">to <strong>${htmlEscape(view.organizationName)}</strong>, as ${htmlEscape(view.userEmail)}</p>
<p>${htmlEscape(view.appName)} asks to:</p><ul>${scopes}</ul>${refused}
<p class="muted">You will be sent back to ${htmlEscape(view.redirectHost)}. You can disconnect the app at any time under Connected apps in the dashboard.</p>
<form method="post" action="/oauth/authorize">${hidden}<div class="actions">
<button type="submit" name="decision" value="approve"${view.beyondRole.length ? " disabled" : ""}>Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div></form>`,
  );
}

/** An authorization request that cannot be answered at the client (unknown client, unregistered redirect URI): said here, never redirected. */
export function errorPage(title: string, detail: string): string {
  return page(title, `<h1>${htmlEscape(title)}</h1><p>${htmlEscape(detail)}</p>`);
}
