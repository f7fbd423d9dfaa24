// Who is asking, what time it is (the app's clock, movable in browser tests) and their zone.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isValidTimeZone } from "../../../core/rhythm";
import { getUserTimeZone } from "./contacts.service";

export type ContactContext = { userId: string; now: Date; timeZone: string };

export async function contactContext(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ContactContext> {
  const userId = request.user.id;
  // requirePaidUser read the zone with the rest of the account.
  const known = request.account?.timeZone;
  const timeZone =
    known === undefined || known === null
      ? await getUserTimeZone(app.db, userId)
      : isValidTimeZone(known)
        ? known
        : "UTC";
  return { userId, now: app.clock.now(), timeZone };
}
