/**
 * An operation answering only an endless text/event-stream (GET /v1/events/stream):
 * the libraries' request-and-answer methods cannot return it, so they leave it
 * out; EventSource clients (and `enginery listen`) read it. One that may also
 * answer JSON (the agent's chat) stays.
 */
export function isEventStream(operation: { responses?: Record<string, { content?: Record<string, unknown> }> }): boolean {
  const content = operation.responses?.["200"]?.content;
  return Boolean(content?.["text/event-stream"] && !content["application/json"]);
}
