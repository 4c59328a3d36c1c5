import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, setCsrf, whenSignedOut, type Session } from "./api.ts";
import { AgentPage } from "./pages/agent.tsx";
import { AcceptInvite, SignIn, SignUp } from "./pages/auth.tsx";
import { DataPage } from "./pages/data.tsx";
import { EventsPage } from "./pages/events.tsx";
import { FunctionsPage } from "./pages/functions.tsx";
import { ConnectedAppsPage, OAuthAppsPage } from "./pages/oauth.tsx";
import { KeysPage } from "./pages/keys.tsx";
import { MembersPage } from "./pages/members.tsx";
import { OverviewPage } from "./pages/overview.tsx";
import { WebhooksPage } from "./pages/webhooks.tsx";
import { Loading } from "./ui.tsx";
import "./app.css";

/** Hash routes (#/keys): the server serves one page, and links survive reloads. */
function useRoute(): string[] {
  const read = () => (location.hash.replace(/^#\/?/, "") || "overview").split("/");
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}

const NAV: { section: string; items: [string, string][] }[] = [
  {
    section: "",
    items: [
      ["overview", "Overview"],
      ["agent", "Agent"],
    ],
  },
  {
    section: "Data",
    items: [
      ["data/invoices", "Invoices"],
      ["data/contacts", "Contacts"],
      ["data/accounts", "Accounts"],
      ["data/deals", "Deals"],
      ["data/candidates", "Candidates"],
    ],
  },
  {
    section: "Developers",
    items: [
      ["keys", "API keys"],
      ["webhooks", "Webhooks"],
      ["functions", "Edge functions"],
      ["events", "Events"],
      ["oauth-apps", "OAuth apps"],
    ],
  },
  {
    section: "Settings",
    items: [
      ["members", "Members"],
      ["connected-apps", "Connected apps"],
    ],
  },
];

function Shell({ session, reload }: { session: Session; reload: () => void }) {
  const route = useRoute();
  const [page, ...rest] = route;
  const current = route.join("/");
  const switchOrg = async (id: string) => {
    await api("POST", "/dashboard/api/session/organization", { organization_id: id });
    location.hash = "#/overview";
    reload();
  };
  const signOut = async () => {
    await api("POST", "/dashboard/api/sign_out").catch(() => undefined);
    setCsrf(null);
    location.hash = "#/sign-in";
    reload();
  };
  return (
    <div class="shell">
      <aside class="sidebar">
        <a class="brand" href="#/overview">
          <span class="logo" aria-hidden="true">
            E
          </span>{" "}
          Enginery
        </a>
        <label class="org-switch">
          <span class="muted small">Organization</span>
          <select value={session.organization.id} onChange={(e) => switchOrg((e.target as HTMLSelectElement).value)} aria-label="Organization">
            {session.organizations.map((o) => (
              <option value={o.id}>{o.name}</option>
            ))}
          </select>
        </label>
        <nav>
          {NAV.map((group) => (
            <div class="nav-group">
              {group.section && <div class="nav-section">{group.section}</div>}
              {group.items.map(([path, label]) => (
                <a href={`#/${path}`} class={current === path || current.startsWith(`${path}/`) ? "active" : ""}>
                  {label}
                </a>
              ))}
            </div>
          ))}
        </nav>
        <div class="who">
          <div class="who-name">{session.user.name}</div>
          <div class="muted small">
            {session.user.email} · <span data-testid="role">{session.role}</span>
          </div>
          <div class="who-links">
            <a href="/docs" target="_blank" rel="noreferrer">
              API reference
            </a>
            <button class="link" onClick={signOut}>
              Sign out
            </button>
          </div>
        </div>
      </aside>
      <main class="content">{pageFor(page!, rest, session)}</main>
    </div>
  );
}

function pageFor(page: string, rest: string[], session: Session) {
  switch (page) {
    case "keys":
      return <KeysPage session={session} />;
    case "webhooks":
      return <WebhooksPage session={session} id={rest[0]} />;
    case "functions":
      return <FunctionsPage session={session} name={rest[0]} />;
    case "events":
      return <EventsPage session={session} />;
    case "oauth-apps":
      return <OAuthAppsPage session={session} />;
    case "connected-apps":
      return <ConnectedAppsPage session={session} />;
    case "data":
      return <DataPage session={session} kind={rest[0] ?? "invoices"} id={rest[1]} key={rest[0]} />;
    case "members":
      return <MembersPage session={session} />;
    case "agent":
      return <AgentPage session={session} id={rest[0]} />;
    default:
      return <OverviewPage session={session} />;
  }
}

function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const route = useRoute();
  const load = () =>
    api<Session>("GET", "/dashboard/api/session").then(
      (s) => {
        // Sent here by /oauth/authorize to sign in: back to the consent page (only there, never another site).
        const returnTo = new URLSearchParams(location.search).get("return_to");
        if (returnTo?.startsWith("/oauth/authorize?")) return location.assign(returnTo);
        setCsrf(s.csrf_token);
        setSession(s);
      },
      () => setSession(null),
    );
  useEffect(() => {
    whenSignedOut(() => setSession(null));
    void load();
  }, []);
  if (session === undefined) return <Loading />;
  if (route[0] === "invite" && route[1]) return <AcceptInvite token={route[1]} onDone={load} />;
  if (!session) return route[0] === "sign-up" ? <SignUp onDone={load} /> : <SignIn onDone={load} />;
  if (route[0] === "sign-in" || route[0] === "sign-up") location.hash = "#/overview";
  return <Shell session={session} reload={load} />;
}

render(<App />, document.getElementById("app")!);
