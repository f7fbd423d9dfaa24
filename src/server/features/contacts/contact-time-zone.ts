// A contact's own time zone: found from their place unless the user chose one (or none) by
// hand, and a hand-set zone outlives a change of place.
import { lookUpTimeZone } from "../places/places.public";

export type TimeZoneColumns = { timeZone: string | null; isTimeZoneSetByHand: boolean };

type Stored = TimeZoneColumns & { latitude: number | null; longitude: number | null };

export type TimeZoneChange = {
  timeZone?: string | null;
  isTimeZoneSetByHand?: boolean;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * The zone columns after `change` on a contact stored as `previous` (null when new). Without
 * `isTimeZoneSetByHand`, a zone sent back as the contact has it, or as their place gives it, is
 * no choice (a form or script saving the whole contact); any other zone, null included on an
 * existing contact, is the user's choice.
 */
export function timeZoneColumnsFor(
  previous: Stored | null,
  change: TimeZoneChange,
): TimeZoneColumns {
  const latitude = change.latitude !== undefined ? change.latitude : (previous?.latitude ?? null);
  const longitude =
    change.longitude !== undefined ? change.longitude : (previous?.longitude ?? null);
  const fromPlace = (): TimeZoneColumns => ({
    timeZone: lookUpTimeZone(latitude, longitude),
    isTimeZoneSetByHand: false,
  });
  const sent = change.timeZone;
  if (change.isTimeZoneSetByHand === false) return fromPlace();
  if (change.isTimeZoneSetByHand === true) {
    return {
      timeZone: sent !== undefined ? sent : (previous?.timeZone ?? null),
      isTimeZoneSetByHand: true,
    };
  }
  if (sent === undefined) {
    return previous?.isTimeZoneSetByHand
      ? { timeZone: previous.timeZone, isTimeZoneSetByHand: true }
      : fromPlace();
  }
  if (previous?.isTimeZoneSetByHand) return { timeZone: sent, isTimeZoneSetByHand: true };
  if (sent === (previous?.timeZone ?? null)) return fromPlace();
  const derived = fromPlace();
  return sent === derived.timeZone ? derived : { timeZone: sent, isTimeZoneSetByHand: true };
}
