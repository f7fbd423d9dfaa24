// GET /api/notifications/stream: Server-Sent Events (`@fastify/sse`) for the signed-in user's
// notification changes. Each event's id is the change's position in the user's own sequence and
// its data says what changed ({ kind: created | seen | all_seen, user_notification_id }); a
// client reconnecting with `Last-Event-ID` gets exactly the changes after it, from any instance.
// The bytes go straight to the socket (the compression plugin never sees them), with
// `X-Accel-Buffering: no` and heartbeat comments for proxies.
//
// A page names itself with `?tab=<uuid>` and says whether it is in front with
// `PUT /api/notifications/tabs/:tab` ({ visible }); while such a tab is open and visible, in-app
// notifications are not pushed to the user's devices (lib/tab-presence.ts, decision 324).
import { randomUUID } from "node:crypto";
import sse from "@fastify/sse";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { openTab, setTabVisibility, type OpenTab } from "../../lib/tab-presence";
import { currentPosition } from "./changes";
import { createNotificationHub } from "./stream-hub";

/** Open streams one user may hold in one process: a tab each, with room to spare. */
export const MAX_STREAMS_PER_USER = 10;

/** A position this server could have sent: digits only, within a safe integer. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

const TAB_ID_ERROR = "tab must be the id the page made for itself: a UUID.";
const TabIdSchema = z.uuid({ error: TAB_ID_ERROR });

/** A tab's presence outlives three missed renewals, so one slow poll never drops it. */
export function tabTtlSeconds(pollMs: number): number {
  return Math.max(2, Math.ceil((3 * pollMs) / 1000));
}

export async function notificationsStreamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ttlSeconds = tabTtlSeconds(app.env.NOTIFICATIONS_STREAM_POLL_MS);
  const hub = createNotificationHub({
    database: app.database,
    pollMs: app.env.NOTIFICATIONS_STREAM_POLL_MS,
    tabTtlSeconds: ttlSeconds,
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
    {
      sse: "only",
      preHandler: app.requireUser,
      schema: { hide: true, querystring: z.object({ tab: TabIdSchema.optional() }) },
    },
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
      // Present before the page hears the stream is open, so what it reports then finds the row.
      const tab: OpenTab | undefined = request.query.tab
        ? { userId, tabId: request.query.tab, streamId: randomUUID() }
        : undefined;
      if (tab) await openTab(app.db, tab, ttlSeconds);
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
        ...(tab ? { tab } : {}),
      });
      reply.sse.onClose(remove);
    },
  );

  app.put(
    "/api/notifications/tabs/:tab",
    {
      preHandler: app.requireUser,
      schema: {
        hide: true,
        params: z.object({ tab: TabIdSchema }),
        body: z.object({
          visible: z.boolean({ error: "Say true or false for visible." }),
        }),
        response: { 200: z.object({ isStreamOpen: z.boolean() }) },
      },
    },
    async (request) => {
      const isStreamOpen = await setTabVisibility(app.db, {
        userId: request.user.id,
        tabId: request.params.tab,
        visibility: request.body.visible ? "visible" : "hidden",
      });
      return { isStreamOpen };
    },
  );
}
