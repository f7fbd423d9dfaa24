// Mailgun's inbound route posts (decision 252): POST /api/inbound/email/mailgun (Mailgun's parsed
// format) and …/mailgun/mime (a route URL ending in "mime" gets the raw message). Signed with
// MAILGUN_WEBHOOK_SIGNING_KEY, never by a cookie; then the same pipeline as the SMTP listener.
// Mailgun retries anything but 200 and 406 for hours: a message Tend will never take (not
// addressed to anyone here, over the limits, unreadable) is answered 406 so it is not sent again.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { createRateCounter } from "../../lib/rate-counter";
import type { InboundDeps } from "./handle-reply";
import { resolveRecipient } from "./inbound-addresses";
import { createMailgunVerifier, mailgunMessage, type MailgunFields } from "./mailgun";
import { receiveMail } from "./receive-mail";
import { INBOUND_MAX_BYTES, INBOUND_PER_RECIPIENT, INBOUND_PER_SENDER } from "./smtp-listener";
import { addFormBodyParser } from "../../lib/form-body";

const WINDOW_MS = 10 * 60_000;
const FORM_FIELDS = 60;

async function readFields(request: FastifyRequest): Promise<MailgunFields> {
  if (!request.isMultipart()) return (request.body ?? {}) as MailgunFields;
  const fields: MailgunFields = {};
  for await (const part of request.parts()) {
    // Attachments of the parsed format are not read: a reply's words are in its text.
    if (part.type === "file") part.file.resume();
    else if (typeof part.value === "string") fields[part.fieldname] = part.value;
  }
  return fields;
}

export async function mailgunRoutes(app: FastifyInstance, opts: { inbound: InboundDeps }) {
  const key = app.env.MAILGUN_WEBHOOK_SIGNING_KEY;
  const signatures = key ? createMailgunVerifier(key, () => Date.now()) : null;
  const counted = { windowMs: WINDOW_MS, now: opts.inbound.now };
  const perSender = createRateCounter(opts.inbound.db, {
    name: "mailgun-sender",
    max: INBOUND_PER_SENDER,
    ...counted,
  });
  const perRecipient = createRateCounter(opts.inbound.db, {
    name: "mailgun-recipient",
    max: INBOUND_PER_RECIPIENT,
    ...counted,
  });

  /** Counts the message against its sender, then each recipient, stopping at the first over. */
  async function isWithinRates(sender: string, recipients: string[]): Promise<boolean> {
    if (sender && !(await perSender.take(sender)).isAllowed) return false;
    for (const recipient of recipients) {
      if (!(await perRecipient.take(recipient)).isAllowed) return false;
    }
    return true;
  }

  await app.register(multipart, {
    limits: { fieldSize: INBOUND_MAX_BYTES, fields: FORM_FIELDS, files: 20, parts: 100 },
  });
  addFormBodyParser(app, 2 * INBOUND_MAX_BYTES);

  const notTaken = (message: string) => new AppError("NOT_ACCEPTABLE", message);

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    if (!signatures) throw new AppError("NOT_FOUND", "Mailgun inbound mail is not set up here.");
    let fields: MailgunFields;
    try {
      fields = await readFields(request);
    } catch (error) {
      request.log.info({ err: error }, "a Mailgun post could not be read");
      throw notTaken("The form could not be read, or a field is over 1 MB.");
    }
    const check = signatures.verify(fields);
    if (!check.ok) throw new AppError("UNAUTHORIZED", check.reason);
    const message = mailgunMessage(fields);
    if (!message) throw notTaken("The post carries no message Tend can read.");
    if (Buffer.byteLength(message.raw) > INBOUND_MAX_BYTES)
      throw notTaken("The message is over 1 MB.");
    const now = opts.inbound.now();
    const ours: string[] = [];
    for (const recipient of message.recipients) {
      if ((await resolveRecipient(opts.inbound.db, opts.inbound.env, recipient, now)).ok)
        ours.push(recipient);
    }
    if (ours.length === 0) throw notTaken("No such recipient here.");
    const sender = message.envelopeFrom.toLowerCase();
    if (!(await isWithinRates(sender, ours))) {
      request.log.warn("inbound mail over its rate dropped");
      throw notTaken("Too many messages from this sender or to this address.");
    }
    try {
      const outcome = await receiveMail(opts.inbound, {
        raw: message.raw,
        recipients: ours,
        envelopeFrom: message.envelopeFrom,
        via: "webhook",
      });
      return await reply.send({ outcome: outcome.outcome });
    } catch (error) {
      // Mailgun retries a failed post with the same signature: let that one through.
      signatures.forget(fields);
      throw error;
    }
  }

  const config = { rateLimit: { max: 120, timeWindow: "1 minute" } };
  app.post("/api/inbound/email/mailgun", { config, schema: { hide: true } }, handle);
  app.post("/api/inbound/email/mailgun/mime", { config, schema: { hide: true } }, handle);
}
