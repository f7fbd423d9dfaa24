// What comes back from a chat (Telegram, WhatsApp), once the channel has said which account the
// chat belongs to: a button under a digest ("Mark contacted", "Snooze 1 week") acts as its one-tap
// link does, once; free text goes to the assistant like a reply to the digest by mail, and its
// answer goes back to the same chat through the outbox.
import { and, desc, eq } from "drizzle-orm";
import type { ChatChannelKind } from "../../../core/chat-channels";
import { digestLinesOf } from "../../../core/replies";
import { reminderDeliveries } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { applyOneTapAction } from "../reminders/reminders.public";
import { handleReply, type HandledReply, type InboundDeps } from "../replies/replies.public";

const ACTION_CODES = { contacted: "c", snooze: "s" } as const;
type ButtonAction = keyof typeof ACTION_CODES;

/**
 * A button's data: the action, the delivery (its id without dashes) and the line's place in
 * it — 37 bytes, within Telegram's 64-byte callback_data. Nothing in it is secret: a press
 * counts only from the chat bound to the delivery's own account.
 */
export function chatButtonData(action: ButtonAction, deliveryId: string, index: number): string {
  return `${ACTION_CODES[action]}:${deliveryId.replaceAll("-", "")}:${index}`;
}

function parseButtonData(
  data: string,
): { action: ButtonAction; deliveryId: string; index: number } | null {
  const match = /^([cs]):([0-9a-f]{32}):(\d{1,3})$/.exec(data);
  if (!match) return null;
  const hex = match[2]!;
  return {
    action: match[1] === "c" ? "contacted" : "snooze",
    deliveryId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    index: Number(match[3]),
  };
}

/**
 * A button pressed under a digest: done once, for everyone its line named (a household's line
 * names several), answered with a sentence for the chat. `done` is true when they are now marked
 * (by this press or an earlier one), so the chat can show it.
 */
export async function pressChatButton(
  deps: InboundDeps,
  input: { userId: string; data: string },
): Promise<{ text: string; done: boolean }> {
  const parsed = parseButtonData(input.data);
  if (!parsed) {
    return { text: "That button is not one I know. Open Tend to log it there.", done: false };
  }
  const [delivery] = await deps.db
    .select({ contactIds: reminderDeliveries.contactIds, lineSizes: reminderDeliveries.lineSizes })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.id, parsed.deliveryId),
        eq(reminderDeliveries.userId, input.userId),
      ),
    );
  const line = delivery
    ? (digestLinesOf(delivery.contactIds ?? [], delivery.lineSizes)[parsed.index] ?? [])
    : [];
  const [contactId] = line;
  if (!contactId) {
    return { text: "That reminder is no longer there. Nothing was changed.", done: false };
  }
  try {
    const outcome = await applyOneTapAction(deps.db, {
      userId: input.userId,
      contactId,
      contactIds: line,
      action: parsed.action,
      useKey: `chat:${input.data}`,
      now: deps.now(),
    });
    if (outcome.kind === "missing") {
      return { text: "That contact is no longer there. Nothing was changed.", done: false };
    }
    if (outcome.kind === "replay") return { text: `Already done for ${outcome.name}.`, done: true };
    return {
      text:
        parsed.action === "contacted"
          ? `Marked ${outcome.name} as contacted today.`
          : `Snoozed ${outcome.name} for a week.`,
      done: true,
    };
  } catch (error) {
    if (error instanceof AppError) return { text: error.message, done: false };
    throw error;
  }
}

/**
 * Free text from a bound chat: read by the assistant as a reply to the last digest sent there
 * (so "all" and "done" mean its people, numbers its lines), answered in the same chat.
 */
export async function receiveChatText(
  deps: InboundDeps,
  input: {
    userId: string;
    kind: Extract<ChatChannelKind, "telegram" | "whatsapp">;
    /** The reminder_channels row: where the answer goes. */
    channelId: string;
    text: string;
    /** The chat's own id of the message ("tg:<chat>:<message>"): a redelivery is dropped. */
    messageId: string;
    receivedAt: Date;
  },
): Promise<HandledReply> {
  const [digest] = await deps.db
    .select({
      id: reminderDeliveries.id,
      contactIds: reminderDeliveries.contactIds,
      lineSizes: reminderDeliveries.lineSizes,
    })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, input.userId),
        eq(reminderDeliveries.lane, input.kind),
        eq(reminderDeliveries.status, "sent"),
      ),
    )
    .orderBy(desc(reminderDeliveries.createdAt))
    .limit(1);
  return handleReply(deps, {
    userId: input.userId,
    channel: input.kind,
    from: input.channelId,
    subject: null,
    text: input.text,
    messageId: input.messageId,
    deliveryId: digest?.id ?? null,
    digestLines: digest ? digestLinesOf(digest.contactIds ?? [], digest.lineSizes) : [],
    receivedAt: input.receivedAt,
  });
}
