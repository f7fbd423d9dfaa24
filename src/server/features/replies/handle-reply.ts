// One reply, whichever way it came (a digest reply by mail or text, forwarded mail): read by
// the assistant, stored with its actions, the sure ones applied, and answered through the
// outbox with what was done, what waits, and signed undo links.
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { contactDisplayName } from "../../../core/contacts";
import {
  ProposedActionSchema,
  proposedStatus,
  REPLY_TEXT_MAX,
  type ProposedAction,
  type ReaderContact,
  type ReplyChannel,
} from "../../../core/replies";
import { toLocalDate } from "../../../core/rhythm";
import type { Db } from "../../db/client";
import { replies, replyActions } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { getUserTimeZone, listContactRows, type ContactRow } from "../contacts/contacts.public";
import { chatRow, enqueue } from "../outbox/outbox.public";
import { emitWebhookEvent } from "../webhooks/webhooks.public";
import type { ReplyReader } from "./model-reader";
import { composeAnswer, type AnsweredAction } from "./reply-answer";
import { performAction } from "./reply-actions";

export type InboundDeps = {
  db: Db;
  env: Env;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  reader: ReplyReader;
  /** Starts delivery of the answer at once (the outbox sender's kick). */
  kick: () => void;
};

export type IncomingReply = {
  userId: string;
  channel: ReplyChannel;
  /** The user's own address or number, or their chat channel's id: where the answer goes. */
  from: string;
  subject: string | null;
  /** The reply's own words (quoted history and signature already removed). */
  text: string;
  messageId: string | null;
  deliveryId: string | null;
  /** The numbered lines of the digest replied to, each the people it named (see ReaderInput). */
  digestLines: string[][];
  receivedAt: Date;
  /** Actions found apart from the words (the people of a forwarded mail). */
  extraActions?: ProposedAction[];
  /** Threading headers for a mail answer. */
  inReplyTo?: string | null;
};

export type HandledReply =
  | { outcome: "handled"; replyId: string; applied: number; suggested: number; answer: string }
  | { outcome: "duplicate" };

function toReaderContact(row: ContactRow): ReaderContact {
  return {
    id: row.id,
    firstName: row.firstName || null,
    lastName: row.lastName || null,
    nickname: row.nickname,
    company: row.company,
    emails: row.emails.map((e) => e.value),
  };
}

async function isKnownMessage(db: Db, userId: string, messageId: string | null) {
  if (!messageId) return false;
  const [row] = await db
    .select({ id: replies.id })
    .from(replies)
    .where(and(eq(replies.userId, userId), eq(replies.messageId, messageId)));
  return Boolean(row);
}

/** Keeps an action only as far as it is about this user's own contacts. */
function ownActions(actions: ProposedAction[], ids: ReadonlySet<string>): ProposedAction[] {
  return actions.flatMap((raw) => {
    const parsed = ProposedActionSchema.safeParse(raw);
    if (!parsed.success) return [];
    const action = parsed.data;
    const contactId = action.contactId && ids.has(action.contactId) ? action.contactId : null;
    return [
      {
        ...action,
        contactId,
        sure: action.sure && contactId !== null,
        candidateIds: action.candidateIds.filter((id) => ids.has(id)),
      },
    ];
  });
}

function isSameLog(a: ProposedAction, b: ProposedAction): boolean {
  return (
    a.details.kind === "interaction" &&
    b.details.kind === "interaction" &&
    a.contactId === b.contactId &&
    a.details.date === b.details.date
  );
}

export async function handleReply(deps: InboundDeps, reply: IncomingReply): Promise<HandledReply> {
  const { db, env } = deps;
  if (await isKnownMessage(db, reply.userId, reply.messageId)) return { outcome: "duplicate" };
  const timeZone = await getUserTimeZone(db, reply.userId);
  const contacts = await listContactRows(db, reply.userId);
  const ids = new Set(contacts.map((c) => c.id));
  const text = reply.text.slice(0, REPLY_TEXT_MAX);
  // A line whose people are all gone stays, empty, so the numbers after it still count right.
  const digestLines = reply.digestLines.map((line) => line.filter((id) => ids.has(id)));
  const read = text.trim()
    ? await deps.reader.read({
        text,
        receivedAt: reply.receivedAt,
        timeZone,
        contacts: contacts.map(toReaderContact),
        digestLines,
      })
    : { actions: [], readBy: deps.reader.kind === "builtin" ? "builtin" : deps.reader.label };
  const extra = ownActions(reply.extraActions ?? [], ids);
  const proposed = [
    ...extra,
    ...ownActions(read.actions, ids).filter((a) => !extra.some((e) => isSameLog(e, a))),
  ];

  // One transaction from the reply's row to its answer: a failure part-way (the database went
  // away) leaves nothing, so the sender's retry (SMTP's 451, IMAP's unseen message) is handled
  // whole rather than found a duplicate of a half-applied reply.
  const done = await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db; // the contacts services open savepoints inside it
    const [stored] = await tx
      .insert(replies)
      .values({
        userId: reply.userId,
        receivedAt: reply.receivedAt,
        channel: reply.channel,
        from: reply.from,
        subject: reply.subject,
        text,
        readBy: read.readBy,
        deliveryId: reply.deliveryId,
        messageId: reply.messageId,
      })
      .onConflictDoNothing()
      .returning({ id: replies.id });
    // The same message arriving twice at once: the other copy is being handled.
    if (!stored) return null;

    const now = deps.now();
    const ctx = { userId: reply.userId, now, timeZone };
    const today = toLocalDate(now, timeZone);
    const byId = new Map(contacts.map((c) => [c.id, c]));
    const answered: AnsweredAction[] = [];
    for (const action of proposed) {
      let status = proposedStatus(action, today, ids);
      let details = action.details;
      let undo = null;
      if (status === "applied") {
        try {
          const done = await performAction(
            inTx,
            { contactId: action.contactId!, details, replyId: stored.id },
            ctx,
          );
          details = done.details;
          undo = done.undo;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Could not be done as read (a snooze without a rhythm): the user decides.
          status = "suggested";
        }
      }
      const [row] = await tx
        .insert(replyActions)
        .values({
          userId: reply.userId,
          replyId: stored.id,
          kind: details.kind,
          contactId: action.contactId,
          candidateIds: action.candidateIds,
          name: action.name,
          details,
          evidence: action.evidence,
          status,
          undo,
          appliedAt: status === "applied" ? now : null,
        })
        .returning({ id: replyActions.id });
      const contact = action.contactId ? byId.get(action.contactId) : undefined;
      answered.push({
        id: row!.id,
        status,
        details,
        who: contact
          ? contactDisplayName(contact)
          : (action.name ??
            action.candidateIds.map((id) => contactDisplayName(byId.get(id)!)).join(" or ")),
      });
    }

    await emitWebhookEvent(tx, {
      userId: reply.userId,
      type: "reply.received",
      now,
      data: {
        reply: {
          id: stored.id,
          channel: reply.channel,
          receivedAt: reply.receivedAt.toISOString(),
          text,
          actions: answered.map((a) => ({
            id: a.id,
            kind: a.details.kind,
            status: a.status,
            who: a.who,
          })),
        },
      },
    });
    const answer = composeAnswer(env, {
      userId: reply.userId,
      replyId: stored.id,
      channel: reply.channel,
      actions: answered,
      now,
    });
    await enqueue(inTx, [
      reply.channel === "telegram" || reply.channel === "whatsapp"
        ? chatRow({
            channel: reply.channel,
            kind: "reply-answer",
            channelId: reply.from,
            userId: reply.userId,
            message: {
              kind: "answer",
              text: answer.text,
              title: "What I logged",
              people: [],
              openUrl: `${env.APP_URL}/app/replies`,
              isTest: false,
              deliveryId: null,
              createdAt: now.toISOString(),
            },
          })
        : reply.channel === "sms"
          ? {
              channel: "sms",
              kind: "reply-answer",
              to: reply.from,
              text: answer.text,
              userId: reply.userId,
            }
          : {
              channel: "email",
              kind: "reply-answer",
              to: reply.from,
              subject: answerSubject(reply.subject),
              text: answer.text,
              html: answer.html,
              userId: reply.userId,
              headers: {
                "Auto-Submitted": "auto-replied",
                ...(reply.inReplyTo
                  ? { "In-Reply-To": reply.inReplyTo, References: reply.inReplyTo }
                  : {}),
              },
            },
    ]);
    return { replyId: stored.id, answered, answer };
  });
  if (!done) return { outcome: "duplicate" };
  const { answered, answer } = done;
  deps.kick();
  const applied = answered.filter((a) => a.status === "applied").length;
  return {
    outcome: "handled",
    replyId: done.replyId,
    applied,
    suggested: answered.length - applied,
    answer: answer.text,
  };
}

function answerSubject(subject: string | null): string {
  const base = (subject ?? "").trim();
  if (!base) return "What I logged from your reply";
  return /^re:/i.test(base) ? base : `Re: ${base}`;
}
