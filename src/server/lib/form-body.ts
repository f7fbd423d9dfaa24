// An HTML form's or a webhook's urlencoded body, read as plain string fields, within a limit:
// the one-tap pages, the undo links of the assistant's answers, Twilio and Mailgun.
import type { FastifyInstance } from "fastify";

export function addFormBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
