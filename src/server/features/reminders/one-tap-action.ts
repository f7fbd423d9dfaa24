// What a one-tap "Mark contacted" or "Snooze 1 week" does, wherever it was pressed (a link in a
// reminder mail, a chat button): once. The use's key is recorded in the action's transaction,
// so a replay (a second press, a retried webhook) changes nothing.
import { contactDisplayName } from "../../../core/contacts";
import { joinNames } from "../../../core/household-names";
import type { Db } from "../../db/client";
import { oneTapUses } from "../../db/schema/index";
import {
  findContactRow,
  getUserTimeZone,
  logInteraction,
  snoozeContact,
} from "../contacts/contacts.public";
import { hashToken } from "./one-tap-tokens";

export const SNOOZE_DAYS = 7;

export type OneTapOutcome =
  { kind: "missing" } | { kind: "replay"; name: string } | { kind: "done"; name: string };

export async function applyOneTapAction(
  db: Db,
  input: {
    userId: string;
    contactId: string;
    /** A household's line: the others it acts for too. */
    contactIds?: string[];
    action: "contacted" | "snooze";
    /** What makes this press one: the link's token, or the chat button's data. */
    useKey: string;
    now: Date;
  },
): Promise<OneTapOutcome> {
  const { userId, now } = input;
  return db.transaction(async (tx) => {
    const inTx = tx as unknown as Db; // the services open savepoints inside this transaction
    const contact = await findContactRow(inTx, userId, input.contactId);
    if (!contact) return { kind: "missing" };
    const inserted = await tx
      .insert(oneTapUses)
      .values({ tokenHash: hashToken(input.useKey), userId, action: input.action })
      .onConflictDoNothing()
      .returning({ tokenHash: oneTapUses.tokenHash });
    // Those of a household deleted since are left out; the rest still count.
    const others = [];
    for (const id of input.contactIds ?? []) {
      const row = id === contact.id ? undefined : await findContactRow(inTx, userId, id);
      if (row) others.push(row);
    }
    const name = joinNames([contact, ...others].map(contactDisplayName));
    if (inserted.length === 0) return { kind: "replay", name };
    const ctx = { userId, now, timeZone: await getUserTimeZone(inTx, userId) };
    if (input.action === "contacted") {
      const withContactIds = others.map((o) => o.id);
      await logInteraction(inTx, contact.id, { note: null, withContactIds }, ctx);
    } else {
      for (const row of [contact, ...others]) {
        await snoozeContact(inTx, row.id, { days: SNOOZE_DAYS }, ctx);
      }
    }
    return { kind: "done", name };
  });
}
