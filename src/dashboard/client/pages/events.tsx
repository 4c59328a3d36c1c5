import type { Session } from "../api.ts";
import { PageHeader } from "../ui.tsx";

export function EventsPage(_: { session: Session; [k: string]: unknown }) {
  return <PageHeader title="Events" />;
}
