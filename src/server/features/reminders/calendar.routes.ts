// GET /calendar/{token}.ics: the private feed a calendar app subscribes to. The token is the
// only credential (calendar apps cannot sign in); regenerating it in Settings revokes the old URL.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSettings } from "../../db/schema/index";
import { buildCalendar } from "./calendar";

const FILE = /^([A-Za-z0-9_-]{20,64})\.ics$/;

export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/calendar/:file",
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const token = FILE.exec(request.params.file)?.[1];
      const [owner] = token
        ? await app.db
            .select({ userId: userSettings.userId, timezone: userSettings.timezone })
            .from(userSettings)
            .where(eq(userSettings.calendarToken, token))
        : [];
      if (!owner) {
        return reply
          .status(404)
          .type("text/plain; charset=utf-8")
          .send(
            "This calendar link is not valid. It may have been replaced: copy the new one from Settings.",
          );
      }
      const body = await buildCalendar(app.db, {
        env: app.env,
        userId: owner.userId,
        timeZone: owner.timezone,
        now: app.clock.now(),
      });
      return reply
        .header("cache-control", "private, max-age=900")
        .header("referrer-policy", "no-referrer")
        .type("text/calendar; charset=utf-8")
        .send(body);
    },
  );
}
