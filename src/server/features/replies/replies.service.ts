// Reading replies for /app/replies: newest first, a page at a time, each with its actions and
// the names of the contacts they are about; and the count of suggestions still waiting.
import { and, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contacts";
import type { InboundSettings, Reply, ReplyAction } from "../../../core/replies";
import type { Db } from "../../db/client";
import { contacts, replies, replyActions } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import type { ReplyReader } from "./model-reader";
import { getForwardingAddress, isInboundMailEnabled, isSmsReplyEnabled } from "./inbound-addresses";
import { isUndoable } from "./reply-actions";

type ActionRow = typeof replyActions.$inferSelect;

export async function countPendingSuggestions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(replyActions)
    .where(and(eq(replyActions.userId, userId), eq(replyActions.status, "suggested")));
  return row?.n ?? 0;
}

async function namesOf(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
  return new Map(rows.map((r) => [r.id, contactDisplayName(r)]));
}

export function toReplyAction(row: ActionRow, names: Map<string, string>, now: Date): ReplyAction {
  return {
    id: row.id,
    kind: row.details.kind,
    contactId: row.contactId,
    contactName: (row.contactId ? names.get(row.contactId) : undefined) ?? row.name,
    candidates: row.candidateIds.flatMap((id) => {
      const name = names.get(id);
      return name ? [{ id, name }] : [];
    }),
    status: row.status as ReplyAction["status"],
    details: row.details,
    evidence: row.evidence,
    undoId: isUndoable(row, now) ? row.id : null,
  };
}

export async function describeActions(db: Db, userId: string, rows: ActionRow[], now: Date) {
  const ids = [...new Set(rows.flatMap((r) => [r.contactId ?? [], ...r.candidateIds].flat()))];
  const names = await namesOf(db, userId, ids);
  return rows.map((row) => toReplyAction(row, names, now));
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime()))
    throw new AppError("BAD_REQUEST", "That page link is not valid. Load the list again.");
  return { at: date, id };
}

export async function listReplies(
  db: Db,
  userId: string,
  query: { limit: number; cursor?: string },
  now: Date,
): Promise<{ items: Reply[]; pendingCount: number; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(replies)
    .where(
      and(
        eq(replies.userId, userId),
        after
          ? or(
              lt(replies.receivedAt, after.at),
              and(eq(replies.receivedAt, after.at), lt(replies.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(replies.receivedAt), desc(replies.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const actionRows =
    page.length === 0
      ? []
      : await db
          .select()
          .from(replyActions)
          .where(
            and(
              eq(replyActions.userId, userId),
              inArray(
                replyActions.replyId,
                page.map((r) => r.id),
              ),
            ),
          )
          .orderBy(replyActions.createdAt);
  const actions = await describeActions(db, userId, actionRows, now);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      channel: r.channel as Reply["channel"],
      from: r.from,
      subject: r.subject,
      text: r.text,
      readBy: r.readBy,
      actions: actions.filter((_, i) => actionRows[i]!.replyId === r.id),
    })),
    pendingCount: await countPendingSuggestions(db, userId),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(`${last.receivedAt.toISOString()}|${last.id}`).toString("base64url")
        : null,
  };
}

export async function inboundSettings(
  db: Db,
  env: Env,
  userId: string,
  reader: Pick<ReplyReader, "kind" | "label">,
): Promise<InboundSettings> {
  const mailEnabled = isInboundMailEnabled(env);
  return {
    mailEnabled,
    forwardingAddress: mailEnabled ? await getForwardingAddress(db, env, userId) : null,
    smsEnabled: isSmsReplyEnabled(env),
    reader: { kind: reader.kind, label: reader.label },
  };
}

/** The ids of a reply's actions that undo can still take back (a texted answer's one link). */
export async function listUndoableActionIds(
  db: Db,
  userId: string,
  replyId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: replyActions.id })
    .from(replyActions)
    .where(
      and(
        eq(replyActions.userId, userId),
        eq(replyActions.replyId, replyId),
        eq(replyActions.status, "applied"),
      ),
    );
  return rows.map((r) => r.id);
}
