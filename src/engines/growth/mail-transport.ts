/**
 * How sequence emails leave. Every message is written to the mail log
 * (sequence_messages) in the same transaction as the step that sent it; the
 * transport is what delivers it beyond the platform. The built-in one
 * delivers nowhere: the log is the outbox a developer reads (GET
 * /v1/sequence_messages), which is what a platform without mail credentials
 * can honestly do.
 */
export interface OutgoingMail {
  /** Our message id (msg_...), for the transport's Message-ID or idempotency key. */
  id: string;
  to: string;
  subject: string;
  body: string;
}

export interface MailTransport {
  name: string;
  /** Resolves with the transport's own id for the message, if it has one; rejects when not sent. */
  send(mail: OutgoingMail): Promise<{ transportMessageId: string | null }>;
}

export const recordingTransport: MailTransport = {
  name: "log",
  async send() {
    return { transportMessageId: null };
  },
};
