// A person's own clock: the time where they are, from their time zone or, without one, spec 02
// §9's estimate from longitude, and whether it is a good time to reach out there.
import { NIGHT_HOURS, REACH_OUT_HOURS } from "./constants";
import { estimateUtcOffset, isValidCoordinate } from "./map";
import { dateTimeFormat } from "./date-format";

export type PartOfDay = "good" | "early" | "late" | "night";

export type LocalTime = {
  /** The instant to format in `timeZone` to read their clock. */
  now: Date;
  /** A zone the formatter takes: theirs, or a whole-hour Etc zone for the estimate. */
  timeZone: string;
  /** True when the zone is only the estimate from longitude. */
  isEstimate: boolean;
  hour: number;
  partOfDay: PartOfDay;
};

export const PART_OF_DAY_TEXT: Record<PartOfDay, string> = {
  good: "a good time to reach out",
  early: "early morning there",
  late: "late evening there",
  night: "night there",
};

export function partOfDayAt(hour: number): PartOfDay {
  if (hour >= REACH_OUT_HOURS.start && hour < REACH_OUT_HOURS.end) return "good";
  if (hour >= NIGHT_HOURS.start || hour < NIGHT_HOURS.end) return "night";
  return hour < REACH_OUT_HOURS.start ? "early" : "late";
}

function hourIn(timeZone: string, now: Date): number {
  const hour = dateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" })
    .formatToParts(now)
    .find((part) => part.type === "hour")?.value;
  return Number(hour ?? 0);
}

/** Etc zones count the other way round: UTC+5 is Etc/GMT-5. */
function estimatedZone(longitude: number): string {
  const offset = estimateUtcOffset(longitude);
  return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * Their local time: from their zone when known, else estimated from longitude, else null. "None"
 * chosen by hand is the user saying no clock for this person, so it is not estimated either.
 */
export function localTimeOf(
  person: {
    timeZone: string | null;
    latitude: number | null;
    longitude: number | null;
    isTimeZoneSetByHand?: boolean;
  },
  now: Date,
): LocalTime | null {
  if (person.isTimeZoneSetByHand && !person.timeZone) return null;
  if (person.timeZone) {
    try {
      const hour = hourIn(person.timeZone, now);
      return {
        now,
        timeZone: person.timeZone,
        isEstimate: false,
        hour,
        partOfDay: partOfDayAt(hour),
      };
    } catch {
      // Not a zone Intl knows: estimate from longitude instead.
    }
  }
  if (!isValidCoordinate(person.latitude, person.longitude)) return null;
  const timeZone = estimatedZone(person.longitude as number);
  const hour = hourIn(timeZone, now);
  return { now, timeZone, isEstimate: true, hour, partOfDay: partOfDayAt(hour) };
}
