// Birthdays as the reminder digest and the calendar feed see them: the next time a day and month
// come round on or after a given day. 29 February falls on 28 February in other years.
import { addDays, daysBetween, type LocalDate } from "./rhythm";

export type BirthdayParts = { day: number; month: number; year: number | null };

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The local day the birthday falls on in `year`. */
export function birthdayInYear(b: BirthdayParts, year: number): LocalDate {
  const day = b.month === 2 && b.day === 29 && !isLeapYear(year) ? 28 : b.day;
  return `${year}-${pad(b.month)}-${pad(day)}`;
}

/** The next birthday on or after `from`, with the age it brings when the birth year is known. */
export function nextBirthday(
  b: BirthdayParts,
  from: LocalDate,
): { day: LocalDate; turning: number | null } {
  const year = Number(from.slice(0, 4));
  let day = birthdayInYear(b, year);
  let inYear = year;
  if (day < from) {
    inYear = year + 1;
    day = birthdayInYear(b, inYear);
  }
  const turning = b.year && b.year < inYear ? inYear - b.year : null;
  return { day, turning };
}

/** Birthdays from `from` through `days` days later, soonest first. */
export function birthdaysWithin<T extends BirthdayParts>(
  items: T[],
  from: LocalDate,
  days: number,
): (T & { next: LocalDate; turning: number | null })[] {
  const last = addDays(from, days);
  return items
    .map((item) => {
      const next = nextBirthday(item, from);
      return { ...item, next: next.day, turning: next.turning };
    })
    .filter((item) => item.next <= last)
    .sort((a, b) => daysBetween(b.next, a.next) || 0);
}
