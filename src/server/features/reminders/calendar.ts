// The private calendar feed: each contact's next due day and birthdays for the
// next 90 days as all-day events, written with the `ics` library. Overdue contacts show on today.
import { and, eq, isNull } from "drizzle-orm";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { nextBirthday } from "../../../core/birthdays";
import { contactDisplayName } from "../../../core/contacts";
import { addDays, isValidTimeZone, toLocalDate, type LocalDate } from "../../../core/rhythm";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema/index";
import type { Env } from "../../env";

export const CALENDAR_DAYS = 90;

function dateArray(day: LocalDate): DateArray {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return [y, m, d];
}

function allDay(day: LocalDate): Pick<EventAttributes, "start"> & { end: DateArray } {
  return { start: dateArray(day), end: dateArray(addDays(day, 1)) };
}

export async function buildCalendar(
  db: Db,
  options: { env: Env; userId: string; timeZone: string; now: Date },
): Promise<string> {
  const { env, userId, now } = options;
  const timeZone = isValidTimeZone(options.timeZone) ? options.timeZone : "UTC";
  const today = toLocalDate(now, timeZone);
  const last = addDays(today, CALENDAR_DAYS);
  const host = new URL(env.APP_URL).hostname;
  const rows = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      nextDueAt: contacts.nextDueAt,
      birthdayDay: contacts.birthdayDay,
      birthdayMonth: contacts.birthdayMonth,
      birthdayYear: contacts.birthdayYear,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), isNull(contacts.archivedAt)));

  const events: EventAttributes[] = [];
  for (const c of rows) {
    const name = contactDisplayName(c);
    const url = `${env.APP_URL}/app/contacts/${c.id}`;
    if (c.nextDueAt) {
      const due = toLocalDate(c.nextDueAt, timeZone);
      if (due <= last) {
        const isOverdue = due < today;
        events.push({
          ...allDay(isOverdue ? today : due),
          title: isOverdue ? `Overdue: get in touch with ${name}` : `Get in touch with ${name}`,
          description: isOverdue ? `${name} was due on ${due}.` : `${name} is due.`,
          url,
          uid: `due-${c.id}@${host}`,
          transp: "TRANSPARENT",
          busyStatus: "FREE",
        });
      }
    }
    if (c.birthdayDay && c.birthdayMonth) {
      const next = nextBirthday(
        { day: c.birthdayDay, month: c.birthdayMonth, year: c.birthdayYear },
        today,
      );
      if (next.day <= last) {
        events.push({
          ...allDay(next.day),
          title: next.turning ? `${name}'s birthday (turns ${next.turning})` : `${name}'s birthday`,
          url,
          uid: `birthday-${c.id}-${next.day.slice(0, 4)}@${host}`,
          transp: "TRANSPARENT",
          busyStatus: "FREE",
        });
      }
    }
  }
  const header = {
    productId: `-//${env.APP_NAME}//Reminders//EN`,
    calName: `${env.APP_NAME} reminders`,
  };
  if (events.length === 0) return emptyCalendar(header.productId, header.calName);
  const { error, value } = createEvents(events, header);
  if (error || !value) throw error ?? new Error("could not write the calendar");
  return value;
}

// `ics` refuses an empty list; a calendar with no events is still a valid feed.
function emptyCalendar(productId: string, calName: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `PRODID:${productId}`,
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${calName}`,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
