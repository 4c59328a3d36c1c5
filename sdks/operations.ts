/**
 * An operation answering an endless text/event-stream (GET /v1/events/stream):
 * the libraries' request-and-answer methods cannot return it, so they leave it
 * out; EventSource clients (and `enginery listen`) read it.
 */
export function isEventStream(operation: { responses?: Record<string, { content?: Record<string, unknown> }> }): boolean {
  return Boolean(operation.responses?.["200"]?.content?.["text/event-stream"]);
}
