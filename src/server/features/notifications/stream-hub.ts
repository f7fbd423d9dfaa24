// One per process: the open notification streams, woken by the database's wake-ups (a user id
// per committed change, from any instance) and by a poll every NOTIFICATIONS_STREAM_POLL_MS that
// covers a lost listener. A woken stream reads its user's changes after the last position it
// sent, so what it sends comes from the table, in order, once each. The poll also ends streams
// whose session has ended (signed out, expired or revoked), and renews the presence of the tabs
// whose streams this process holds (lib/tab-presence.ts).
import { and, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { notificationPositions, sessions } from "../../db/schema/index";
import { closeTab, renewTabs, type OpenTab } from "../../lib/tab-presence";
import { NOTIFICATIONS_CHANNEL, readChangesAfter, type ChangeEvent } from "./changes";

const READ_BATCH = 200;

export type StreamSubscriber = {
  userId: string;
  sessionId: string;
  /** The last position sent. */
  after: number;
  send: (events: ChangeEvent[]) => Promise<void>;
  /** Ends the stream (session over, or the server closing). */
  end: () => void;
  /** The tab the stream is for, when the page named it: its presence is renewed on each poll. */
  tab?: OpenTab;
};

type Entry = StreamSubscriber & { reading: boolean; again: boolean };

export type NotificationHub = {
  start: () => Promise<void>;
  add: (subscriber: StreamSubscriber) => () => void;
  /** Streams open in this process. */
  size: () => number;
  /** Streams one user has open in this process. */
  countFor: (userId: string) => number;
  stop: () => Promise<void>;
};

export function createNotificationHub(options: {
  database: Database;
  pollMs: number;
  /** How long a tab's presence lasts without a renewal: longer than a poll. */
  tabTtlSeconds: number;
  log: FastifyBaseLogger;
}): NotificationHub {
  const { database, pollMs, tabTtlSeconds, log } = options;
  const db = database.db;
  const byUser = new Map<string, Set<Entry>>();
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  /** Closed tabs being removed, waited for on stop. */
  const closing = new Set<Promise<void>>();

  async function read(entry: Entry): Promise<void> {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    try {
      let full = true;
      while (entry.again || full) {
        entry.again = false;
        const events = await readChangesAfter(db, entry.userId, entry.after, READ_BATCH);
        full = events.length === READ_BATCH;
        if (events.length > 0) {
          await entry.send(events);
          entry.after = events.at(-1)!.position;
        }
      }
    } catch (error) {
      log.warn({ err: error }, "notification stream read failed; the next poll retries");
    } finally {
      entry.reading = false;
    }
  }

  function wake(userId: string): void {
    for (const entry of byUser.get(userId) ?? []) void read(entry);
  }

  function wakeAll(): void {
    for (const userId of byUser.keys()) wake(userId);
  }

  async function poll(): Promise<void> {
    if (polling || byUser.size === 0) return;
    polling = true;
    try {
      const entries = [...byUser.values()].flatMap((set) => [...set]);
      try {
        await renewTabs(
          db,
          entries.flatMap((entry) => (entry.tab ? [entry.tab] : [])),
          tabTtlSeconds,
        );
      } catch (error) {
        log.warn({ err: error }, "renewing open tabs failed; the next poll retries");
      }
      const sessionIds = [...new Set(entries.map((e) => e.sessionId))];
      const live = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date())));
      const liveIds = new Set(live.map((s) => s.id));
      for (const entry of entries) if (!liveIds.has(entry.sessionId)) entry.end();
      const positions = await db
        .select({ userId: notificationPositions.userId, position: notificationPositions.position })
        .from(notificationPositions)
        .where(inArray(notificationPositions.userId, [...byUser.keys()]));
      for (const row of positions) {
        for (const entry of byUser.get(row.userId) ?? []) {
          if (Number(row.position) > entry.after) void read(entry);
        }
      }
    } catch (error) {
      log.warn({ err: error }, "notification stream poll failed");
    } finally {
      polling = false;
    }
  }

  return {
    async start() {
      unlisten = await database.listen(NOTIFICATIONS_CHANNEL, wake, wakeAll);
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
    },
    add(subscriber) {
      const entry: Entry = { ...subscriber, reading: false, again: false };
      let set = byUser.get(entry.userId);
      if (!set) byUser.set(entry.userId, (set = new Set()));
      set.add(entry);
      // Anything committed between the caller reading its start position and now.
      void read(entry);
      let isRemoved = false;
      return () => {
        if (isRemoved) return;
        isRemoved = true;
        set.delete(entry);
        if (set.size === 0 && byUser.get(entry.userId) === set) byUser.delete(entry.userId);
        if (!entry.tab) return;
        const done = closeTab(db, entry.tab)
          .catch((error: unknown) =>
            log.warn({ err: error }, "a closed tab's presence stays until it runs out"),
          )
          .finally(() => closing.delete(done));
        closing.add(done);
      };
    },
    size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    countFor: (userId) => byUser.get(userId)?.size ?? 0,
    async stop() {
      clearInterval(timer);
      for (const set of [...byUser.values()]) for (const entry of [...set]) entry.end();
      byUser.clear();
      await Promise.all(closing);
      await unlisten?.();
    },
  };
}
