// What the API answers for a stored contact: its fields, its times as ISO strings, and its state
// as of today in the user's zone.
import { CONTACT_FIELDS } from "../../../core/contact-fields";
import type { Contact } from "../../../core/contacts";
import {
  addRhythm,
  dueStatusOn,
  rhythmFromColumns,
  toLocalDate,
  type LocalDate,
} from "../../../core/rhythm";
import { fileUrl } from "../../lib/storage/storage";
import { answerFieldsFor, type ContactRow } from "./contact-columns";

export type ViewContext = { now: Date; timeZone: string; today?: LocalDate };

const answerFields = answerFieldsFor(CONTACT_FIELDS);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A row → the API's ContactSchema, with its state as of `now` in the user's zone. Pass `today`
 * (the user's day, from `now`) when converting many contacts at once.
 */
export function toContact(row: ContactRow, ctx: ViewContext): Contact {
  const { timeZone } = ctx;
  const rhythm = rhythmFromColumns(row.rhythmInterval, row.rhythmUnit);
  const today = ctx.today ?? toLocalDate(ctx.now, timeZone);
  const dueDate = rhythm && row.nextDueAt ? toLocalDate(row.nextDueAt, timeZone) : null;
  const due = dueStatusOn(rhythm, dueDate, today);
  // Where the rhythm alone puts the due day; a later stored day means a snooze moved it.
  const anchor = row.lastContactedAt ?? row.rhythmSetAt;
  const naturalDue =
    rhythm && dueDate && anchor ? addRhythm(toLocalDate(anchor, timeZone), rhythm) : null;
  return {
    id: row.id,
    ...answerFields(row),
    rhythmSource: rhythm && row.rhythmTag ? { tag: row.rhythmTag } : null,
    isTimeZoneSetByHand: row.isTimeZoneSetByHand,
    rhythmSetAt: iso(row.rhythmSetAt),
    lastContactedAt: iso(row.lastContactedAt),
    nextDueAt: iso(row.nextDueAt),
    dueDate: due.dueDate,
    daysUntilDue: due.daysUntilDue,
    state: due.state,
    isSnoozed: Boolean(due.dueDate && naturalDue && due.dueDate > naturalDue),
    archivedAt: iso(row.archivedAt),
    importId: row.importId,
    photoUrl: row.photoKey ? fileUrl("avatars", row.photoKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Contact;
}
