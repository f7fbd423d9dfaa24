// ANNOUNCEMENT notifications for operators (`npm run announce`): one
// notification row, keyed by the operator's --key, reaches every user in batches, each batch one
// transaction with its stream changes. Re-running with the same key sends only to users who do
// not have it yet (a run stopped halfway resumes; a finished one sends nothing), and the unique
// (notification, user) index makes two runs at once safe too.
import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { toInAppPath } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { notifications, userNotifications, users } from "../../db/schema/index";
import { enqueueNotificationPushes } from "../push/push.public";
import { recordChanges } from "./changes";

export const ANNOUNCE_BATCH_SIZE = 500;

export const AnnouncementSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "--title is required")
    .max(200, "--title is at most 200 characters"),
  body: z
    .string()
    .trim()
    .min(1, "--body is required")
    .max(10_000, "--body is at most 10,000 characters"),
  link: z
    .string()
    .refine(
      (link) => toInAppPath(link) === link,
      "--link must be an in-app path such as /app/settings",
    )
    .nullable()
    .default(null),
  key: z.string().trim().min(1).max(200, "--key is at most 200 characters").optional(),
});
export type Announcement = z.input<typeof AnnouncementSchema>;

export class AnnouncementError extends Error {}

export type AnnounceResult = { key: string; notificationId: string; sent: number; batches: number };

export async function announce(
  db: Db,
  input: Announcement,
  options: { batchSize?: number; onBatch?: (sent: number) => void } = {},
): Promise<AnnounceResult> {
  const parsed = AnnouncementSchema.safeParse(input);
  if (!parsed.success) {
    throw new AnnouncementError(parsed.error.issues.map((i) => i.message).join("; "));
  }
  const { title, body, link } = parsed.data;
  const key = parsed.data.key ?? randomUUID();
  const batchSize = options.batchSize ?? ANNOUNCE_BATCH_SIZE;

  await db
    .insert(notifications)
    .values({ type: "ANNOUNCEMENT", title, content: body, link, announcementKey: key })
    .onConflictDoNothing({ target: notifications.announcementKey });
  const [row] = await db.select().from(notifications).where(eq(notifications.announcementKey, key));
  if (!row) throw new AnnouncementError(`The announcement ${key} could not be stored.`);
  if (row.title !== title || row.content !== body || row.link !== link) {
    throw new AnnouncementError(
      `The key "${key}" was already used for an announcement with a different title, body or link. Use a new --key for a new announcement.`,
    );
  }

  let after = "";
  let sent = 0;
  let batches = 0;
  for (;;) {
    const added = await db.transaction(async (tx) => {
      const missing = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            gt(users.id, after),
            sql`not exists (select 1 from ${userNotifications} where ${userNotifications.notificationId} = ${row.id} and ${userNotifications.userId} = ${users.id})`,
          ),
        )
        .orderBy(users.id)
        .limit(batchSize);
      if (missing.length === 0) return { scanned: 0, created: 0 };
      after = missing.at(-1)!.id;
      const created = await tx
        .insert(userNotifications)
        .values(missing.map((u) => ({ userId: u.id, notificationId: row.id })))
        .onConflictDoNothing()
        .returning({ id: userNotifications.id, userId: userNotifications.userId });
      await enqueueNotificationPushes(
        tx,
        created.map((c) => ({
          userId: c.userId,
          userNotificationId: c.id,
          type: "ANNOUNCEMENT",
          title,
          content: body,
          link,
        })),
      );
      await recordChanges(
        tx,
        created.map((c) => ({ userId: c.userId, kind: "created", userNotificationId: c.id })),
      );
      return { scanned: missing.length, created: created.length };
    });
    if (added.scanned === 0) break;
    batches += 1;
    sent += added.created;
    options.onBatch?.(sent);
    if (added.scanned < batchSize) break;
  }
  return { key, notificationId: row.id, sent, batches };
}
