/**
 * The API's response types for the pages: the TypeScript SDK's models, generated from the same schemas that
 * validate and document the responses (`npm run sdks:generate`), so no page declares a response shape of its own.
 * Types only: nothing of the SDK is bundled.
 */
export type {
  Action,
  ApiKey,
  Conversation,
  EdgeFunction,
  Event,
  FunctionInvocation,
  FunctionVersion,
  IntelligenceSnapshot,
  Message,
  OauthApp,
  OauthGrant,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from "../../../sdks/typescript/src/generated.ts";
