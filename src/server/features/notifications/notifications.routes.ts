// The notification API of spec 02 §7, for the session cookie or `Authorization: Bearer <token>`
// (Better Auth's bearer plugin; the only routes that take one). The body of the list is the spec's plain array of items; the
// next page, when there is one, is in `Link: <…>; rel="next"`.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotificationListQuerySchema, NotificationListSchema } from "../../../core/notifications";
import {
  listNotifications,
  markAllNotificationsSeen,
  markNotificationSeen,
} from "./notifications.service";

export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Signed in and verified is enough (not a paid subscription): a lapsed user still reads the
  // alert that says why, e.g. a failed card payment.
  app.get(
    "/api/notifications",
    {
      preHandler: app.requireUser,
      config: { acceptsBearer: true },
      schema: {
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await listNotifications(app.db, request.user.id, request.query);
      if (nextCursor) {
        const params = new URLSearchParams();
        if (request.query.type) params.set("type", request.query.type);
        if (request.query.status) params.set("status", request.query.status);
        params.set("limit", String(request.query.limit));
        params.set("cursor", nextCursor);
        reply.header("link", `</api/notifications?${params.toString()}>; rel="next"`);
      }
      return items;
    },
  );

  app.post(
    "/api/notifications/mark-all-seen",
    {
      preHandler: app.requireUser,
      config: { acceptsBearer: true },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      await markAllNotificationsSeen(app.db, { userId: request.user.id, now: app.clock.now() });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/notifications/:id/seen",
    {
      preHandler: app.requireUser,
      config: { acceptsBearer: true },
      schema: { params: z.object({ id: z.string() }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await markNotificationSeen(app.db, {
        userId: request.user.id,
        userNotificationId: request.params.id,
        now: app.clock.now(),
      });
      return reply.status(204).send(null);
    },
  );
}
