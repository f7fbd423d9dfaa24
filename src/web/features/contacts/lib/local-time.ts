// "It's 23:10 for Ana (Lisbon time) · night there": their clock from their own zone, or spec 02
// §9's estimate from longitude when no zone is known, and whether it is a good time to reach out.
import { localTimeOf, PART_OF_DAY_TEXT } from "../../../../core/local-time";
import { formatTime, formatZone } from "../../../lib/format-date";

type Person = {
  firstName: string;
  lastName: string;
  timeZone: string | null;
  latitude: number | null;
  longitude: number | null;
  isTimeZoneSetByHand?: boolean;
};

export function describeLocalTime(person: Person, now: Date): string | null {
  const local = localTimeOf(person, now);
  if (!local) return null;
  const name = person.firstName || person.lastName;
  const clock = formatTime(now, { timeZone: local.timeZone });
  const zone = local.isEstimate
    ? `${formatZone(local.timeZone)}, estimated`
    : formatZone(local.timeZone);
  return `It's ${local.isEstimate ? "about " : ""}${clock} for ${name} (${zone}) · ${PART_OF_DAY_TEXT[local.partOfDay]}`;
}
