// Outside production: every mail and SMS the app "sent" without a real vendor, readable at
// /dev/mailbox (links clickable) and as JSON for tests.
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailOutbox, smsOutbox } from "../../db/schema/index";
import { escapeHtml } from "../../lib/html";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2937}
li{margin:8px 0}a{color:#166534}small{color:#4b5563}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export async function devMailboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/api/dev/mailbox",
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string().optional() }),
      },
    },
    async (request) => {
      const to = request.query.to?.toLowerCase();
      const mails = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(100);
      const texts = await db
        .select()
        .from(smsOutbox)
        .where(to ? eq(smsOutbox.to, to) : undefined)
        .orderBy(desc(smsOutbox.createdAt))
        .limit(100);
      return { mails, texts };
    },
  );

  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
    const texts = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50);
    const mailList = mails.length
      ? `<ul>${mails
          .map(
            (m) =>
              `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> to ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()} · ${m.status}</small></li>`,
          )
          .join("")}</ul>`
      : "<p>No mail yet. Sign up and the verification mail appears here.</p>";
    const smsList = texts.length
      ? `<ul>${texts
          .map(
            (t) =>
              `<li>${escapeHtml(t.to)}: ${escapeHtml(t.body)} <small>${t.createdAt.toISOString()}</small></li>`,
          )
          .join("")}</ul>`
      : "<p>No text messages yet.</p>";
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Dev mailbox",
          `<p><small>Mail and text messages kept here because no mail server or SMS vendor is configured.</small></p><h2>Mail</h2>${mailList}<h2>Text messages</h2>${smsList}`,
        ),
      );
  });

  app.get(
    "/dev/mailbox/:id",
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
      if (!mail)
        return reply
          .status(404)
          .type("text/html")
          .send(page("Not found", "<p>No such message.</p>"));
      return reply.type("text/html; charset=utf-8").send(mail.html);
    },
  );
}
