import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiProblem } from "./api.ts";

export function ago(iso: string | null | undefined): string {
  if (!iso) return "never";
  const s = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
  const future = s < 0;
  const a = Math.abs(s);
  const text = a < 60 ? `${a}s` : a < 3600 ? `${Math.round(a / 60)}m` : a < 86_400 ? `${Math.round(a / 3600)}h` : `${Math.round(a / 86_400)}d`;
  return future ? `in ${text}` : `${text} ago`;
}

export function dateTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";
}

export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Loads on mount and whenever a dependency changes; reload() fetches again. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[] = [],
): { data: T | undefined; error: ApiProblem | Error | undefined; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: Error) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { data: state.data, error: state.error, loading: state.loading, reload: () => setTick((t) => t + 1) };
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <header class="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p class="subtitle">{subtitle}</p>}
      </div>
      {actions && <div class="actions">{actions}</div>}
    </header>
  );
}

export function ErrorBanner({ error }: { error: unknown }) {
  if (!error) return null;
  const problem = error instanceof ApiProblem ? error.problem : null;
  return (
    <div class="banner error" role="alert">
      <strong>{problem?.title ?? "Something went wrong"}</strong>
      <span>{problem?.detail ?? String((error as Error).message ?? error)}</span>
      {problem?.errors && problem.errors.length > 1 && (
        <ul>
          {problem.errors.map((e) => (
            <li>
              <code>{e.field}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <div class="empty-mark" aria-hidden="true">
        ∅
      </div>
      <h3>{title}</h3>
      {children && <p>{children}</p>}
    </div>
  );
}

export function Loading() {
  return (
    <div class="loading" aria-busy="true">
      Loading…
    </div>
  );
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      class="btn small"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? "Copied ✓" : label}
    </button>
  );
}

export function Secret({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div class="secret" data-testid="secret">
      <div class="secret-label">{label}</div>
      <div class="secret-row">
        <code class="secret-value">{value}</code>
        <CopyButton text={value} />
      </div>
      <p class="hint">{note}</p>
    </div>
  );
}

/** A secret shown once (a new API key, a client secret), in a highlighted card, until the user says it is stored. */
export function OneTimeSecret({
  title,
  secret,
  note,
  onStored,
  children,
}: {
  title: string;
  secret: string;
  note: string;
  onStored: () => void;
  children?: ComponentChildren;
}) {
  return (
    <div class="card highlight">
      <Secret label={title} value={secret} note={note} />
      {children}
      <button class="btn small" onClick={onStored}>
        I have stored it
      </button>
    </div>
  );
}

/**
 * A loaded list as a table, the one way a page shows a list: "Loading…" until the first answer, nothing
 * when it failed (the page's ErrorBanner says why), the empty state when the list holds nothing, else a
 * row per item. `footer` (a Pager) goes under the table; `aside` (a detail card) beside it.
 */
export function ListTable<T>({
  list,
  testid,
  head,
  row,
  empty,
  footer,
  aside,
}: {
  list: { data?: { data: T[] } | null; loading: boolean };
  testid?: string;
  head: ComponentChildren;
  row: (item: T) => ComponentChildren;
  empty?: ComponentChildren;
  footer?: ComponentChildren;
  aside?: ComponentChildren;
}) {
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return null;
  if (list.data.data.length === 0 && empty !== undefined) return <>{empty}</>;
  const table = (
    <div class="card flush">
      <table class="table" data-testid={testid}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{list.data.data.map(row)}</tbody>
      </table>
      {footer}
    </div>
  );
  if (aside === undefined) return table;
  return (
    <div class="split">
      {table}
      {aside}
    </div>
  );
}

/** Checkboxes choosing some of `options`, submitted under `name`. */
export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  onChange,
}: {
  legend: string;
  name: string;
  options: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div class="inline-choices">
        {options.map((option) => (
          <label class="choice">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={(e) => onChange((e.target as HTMLInputElement).checked ? [...selected, option] : selected.filter((x) => x !== option))}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A form that runs `action` on submit and shows the action's problem above its fields. */
export function ActionForm({ action, children }: { action: { run: () => Promise<void>; error: unknown }; children: ComponentChildren }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void action.run();
      }}
    >
      <ErrorBanner error={action.error} />
      {children}
    </form>
  );
}

/** Radio buttons choosing one of `options`, each [value, label, help]. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [V, string, string])[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map(([option, label, help]) => (
        <label class="choice">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>
            <strong>{label}</strong> <span class="muted">{help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function Badge({ tone, children }: { tone: "green" | "red" | "grey" | "amber" | "blue"; children: ComponentChildren }) {
  return <span class={`badge ${tone}`}>{children}</span>;
}

export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      if (e.key === "Tab" && dialog.current) keepFocusIn(dialog.current, e);
    };
    window.addEventListener("keydown", key);
    // Focus moves into the dialog (unless a field in it took it), and back to where it was when it closes.
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
    return () => {
      window.removeEventListener("keydown", key);
      opener?.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; Escape (the keydown listener above) closes it from the keyboard.
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class={wide ? "modal wide" : "modal"} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} ref={dialog}>
        <div class="modal-head">
          <h2>{title}</h2>
          <button type="button" class="icon" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Tab and Shift+Tab cycle within an open dialog (it is modal: the page behind it is not reachable). */
function keepFocusIn(container: HTMLElement, e: KeyboardEvent): void {
  const focusable = [
    ...container.querySelectorAll<HTMLElement>(
      "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])",
    ),
  ];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const outside = !container.contains(document.activeElement);
  if (e.shiftKey && (document.activeElement === first || document.activeElement === container || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (document.activeElement === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

/** Preformatted text that may scroll: focusable, so a keyboard can scroll it too. */
export function Pre({ class: className = "json", children }: { class?: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users (axe: scrollable-region-focusable).
    <pre class={className} tabIndex={0}>
      {children}
    </pre>
  );
}

export function Json({ value }: { value: unknown }) {
  return <Pre>{JSON.stringify(value, null, 2)}</Pre>;
}

/** A table row that opens something: reachable with Tab and opened with Enter or Space, like a link. */
export function ClickableRow({
  onOpen,
  selected,
  children,
  ...attributes
}: {
  onOpen: () => void;
  selected?: boolean;
  children: ComponentChildren;
  [data: `data-${string}`]: string;
}) {
  const keyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    onOpen();
  };
  return (
    <tr {...attributes} class={selected ? "clickable selected" : "clickable"} tabIndex={0} onClick={onOpen} onKeyDown={keyDown}>
      {children}
    </tr>
  );
}

export function Pager({ meta, page, setPage }: { meta: { total: number; per_page: number }; page: number; setPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  if (pages <= 1) return <div class="pager muted">{meta.total} in all</div>;
  return (
    <div class="pager">
      <span class="muted">
        {meta.total} in all · page {page} of {pages}
      </span>
      <button class="btn small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        ← Previous
      </button>
      <button class="btn small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next →
      </button>
    </div>
  );
}

/** A form's submit: runs the action, shows its problem, keeps the button busy meanwhile. */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      await action(...args);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, setError };
}
