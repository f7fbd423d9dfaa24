// GET /api/notifications/stream: Server-Sent Events (`@fastify/sse`) for the signed-in user's
// notification changes. Each event's id is the change's position in the user's own sequence and
// its data says what changed ({ kind: created | seen | all_seen, user_notification_id }); a
// client reconnecting with `Last-Event-ID` gets exactly the changes after it, from any instance.
// The bytes go straight to the socket (the compression plugin never sees them), with
// `X-Accel-Buffering: no` and heartbeat comments for proxies.
import sse from "@fastify/sse";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { currentPosition } from "./changes";
import { createNotificationHub } from "./stream-hub";

/** Open streams one user may hold in one process: a tab each, with room to spare. */
export const MAX_STREAMS_PER_USER = 10;

/** A position this server could have sent: digits only, within a safe integer. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export async function notificationsStreamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = createNotificationHub({
    database: app.database,
    pollMs: app.env.NOTIFICATIONS_STREAM_POLL_MS,
    log: app.log,
  });
  // When the app is ready, not while it registers: the database may still be migrating then,
  // and ready() still waits for the hub to listen before anything is served.
  app.addHook("onReady", async () => hub.start());
  app.metrics?.countSseConnections(() => hub.size());
  // Open streams end before the server waits for its connections to close.
  app.addHook("preClose", async () => hub.stop());

  await app.register(sse, { heartbeatInterval: app.env.NOTIFICATIONS_HEARTBEAT_MS });

  app.get(
    "/api/notifications/stream",
    { sse: "only", preHandler: app.requireUser, schema: { hide: true } },
    async (request, reply) => {
      const userId = request.user.id;
      if (hub.countFor(userId) >= MAX_STREAMS_PER_USER) {
        throw new AppError(
          "RATE_LIMITED",
          `You have ${MAX_STREAMS_PER_USER} live notification connections open already. Close some ${app.env.APP_NAME} tabs or windows, then reload this one.`,
        );
      }
      const current = await currentPosition(app.db, userId);
      const lastSeen = parseLastEventId(reply.sse.lastEventId);
      // A position ahead of the table (another database, or a made-up id) starts from now.
      const after = lastSeen !== null && lastSeen <= current ? lastSeen : current;
      reply.sse.keepAlive();
      reply.sse.sendHeaders();
      reply.raw.flushHeaders();
      const remove = hub.add({
        userId,
        sessionId: request.sessionId,
        after,
        async send(events) {
          for (const event of events) {
            // A client that left mid-read is not a failure; onClose removes the stream.
            if (!reply.sse.isConnected) return;
            await reply.sse.send({
              id: String(event.position),
              data: { kind: event.kind, user_notification_id: event.userNotificationId },
            });
          }
        },
        end: () => reply.sse.close(),
      });
      reply.sse.onClose(remove);
    },
  );
}
