// Who is asking, what time it is (the app's clock, movable in browser tests) and their zone.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getUserTimeZone } from "./contacts.service";

export type ContactContext = { userId: string; now: Date; timeZone: string };

export async function contactContext(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ContactContext> {
  const userId = request.user.id;
  return { userId, now: app.clock.now(), timeZone: await getUserTimeZone(app.db, userId) };
}
