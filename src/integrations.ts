import type { Config } from "./config.ts";
import { builtinProvider, httpProvider, type EnrichmentProvider } from "./engines/growth/enrichment-providers.ts";
import type { Enricher } from "./engines/growth/enrichment-service.ts";
import { recordingTransport, type MailTransport } from "./engines/growth/mail-transport.ts";

/**
 * The outside services engines call. Each has a built-in implementation that
 * works offline, used unless the environment configures a real one.
 */
export interface Integrations {
  enrichment: EnrichmentProvider;
  /** How long POST /v1/accounts/{id}/enrich waits before answering 202. */
  enrichmentWaitMs: number;
  mail: MailTransport;
}

export const OFFLINE_INTEGRATIONS: Integrations = { enrichment: builtinProvider, enrichmentWaitMs: 2_000, mail: recordingTransport };

export function integrationsFrom(config: Config): Integrations {
  return {
    enrichment: config.enrichmentUrl
      ? httpProvider({ url: config.enrichmentUrl, apiKey: config.enrichmentApiKey, timeoutMs: config.enrichmentTimeoutMs })
      : builtinProvider,
    enrichmentWaitMs: config.enrichmentWaitMs,
    mail: recordingTransport,
  };
}

export function enricherOf(integrations: Partial<Integrations> | undefined, clock: () => Date, log: { error(obj: object, msg: string): void }): Enricher {
  const chosen = { ...OFFLINE_INTEGRATIONS, ...integrations };
  return { provider: chosen.enrichment, waitMs: chosen.enrichmentWaitMs, clock, log };
}
