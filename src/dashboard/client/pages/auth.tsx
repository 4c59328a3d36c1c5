import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { api } from "../api.ts";
import { ActionForm, useAction } from "../ui.tsx";

function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ComponentChildren }) {
  return (
    <div class="auth">
      <div class="auth-card">
        <div class="brand big">
          <span class="logo" aria-hidden="true">
            E
          </span>{" "}
          Enginery
        </div>
        <h1>{title}</h1>
        <p class="muted">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

function field(set: (v: string) => void) {
  return (e: Event) => set((e.target as HTMLInputElement).value);
}

export function SignIn({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = useAction(async () => {
    await api("POST", "/dashboard/api/sign_in", { email, password });
    onDone();
  });
  return (
    <AuthCard title="Sign in" subtitle="Manage your API keys, webhooks, functions and data.">
      <ActionForm action={submit}>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required value={email} onInput={field(setEmail)} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required value={password} onInput={field(setPassword)} />
        </label>
        <button class="btn primary wide" disabled={submit.busy}>
          {submit.busy ? "Signing in…" : "Sign in"}
        </button>
      </ActionForm>
      <p class="switch">
        New here? <a href="#/sign-up">Create an organization</a>
      </p>
    </AuthCard>
  );
}

export function SignUp({ onDone }: { onDone: () => void }) {
  const [form, setForm] = useState({ name: "", email: "", password: "", organization_name: "" });
  const set = (k: keyof typeof form) => field((v) => setForm({ ...form, [k]: v }));
  const submit = useAction(async () => {
    await api("POST", "/dashboard/api/sign_up", form);
    location.hash = "#/keys";
    onDone();
  });
  return (
    <AuthCard title="Create your organization" subtitle="You will be its owner. Make an API key next, and call the API in a minute.">
      <ActionForm action={submit}>
        <label>
          Your name
          <input name="name" required value={form.name} onInput={set("name")} autoComplete="name" />
        </label>
        <label>
          Work email
          <input name="email" type="email" required value={form.email} onInput={set("email")} autoComplete="username" />
        </label>
        <label>
          Password <span class="muted small">(10 characters or more)</span>
          <input name="password" type="password" minLength={10} required value={form.password} onInput={set("password")} autoComplete="new-password" />
        </label>
        <label>
          Organization name
          <input name="organization_name" required value={form.organization_name} onInput={set("organization_name")} />
        </label>
        <button class="btn primary wide" disabled={submit.busy}>
          {submit.busy ? "Creating…" : "Create organization"}
        </button>
      </ActionForm>
      <p class="switch">
        Have an account? <a href="#/sign-in">Sign in</a>
      </p>
    </AuthCard>
  );
}

export function AcceptInvite({ token, onDone }: { token: string; onDone: () => void }) {
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const set = (k: keyof typeof form) => field((v) => setForm({ ...form, [k]: v }));
  const submit = useAction(async () => {
    await api("POST", "/dashboard/api/invites/accept", { token, ...form, name: form.name || undefined });
    location.hash = "#/overview";
    onDone();
  });
  return (
    <AuthCard title="Join your team" subtitle="Choose a password for a new account, or use your existing account's password.">
      <ActionForm action={submit}>
        <label>
          Your name
          <input name="name" value={form.name} onInput={set("name")} />
        </label>
        <label>
          Email
          <input name="email" type="email" required value={form.email} onInput={set("email")} />
        </label>
        <label>
          Password
          <input name="password" type="password" minLength={10} required value={form.password} onInput={set("password")} />
        </label>
        <button class="btn primary wide" disabled={submit.busy}>
          Accept invite
        </button>
      </ActionForm>
    </AuthCard>
  );
}
