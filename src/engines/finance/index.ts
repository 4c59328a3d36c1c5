import type { TSchema } from "typebox";
import type { Api, RouteDeps } from "../../platform/http.ts";
import { Invoice } from "./invoices-schemas.ts";
import { registerInvoiceRoutes } from "./invoices-routes.ts";

/** The finance engine's registration: its routes, and the schemas of the objects its events carry. */
export function registerFinance(app: Api, deps: RouteDeps): { eventObjects: Record<string, TSchema> } {
  registerInvoiceRoutes(app, deps);
  return { eventObjects: { invoice: Invoice } };
}
