// Coordinates for contacts that have a city or a country but no coordinates: at import time
// and by the one-off backfill (`npm run places:backfill`). Always the offline gazetteer, even
// when a vendor geocoder is configured: a bulk run must not send a whole address book outside.
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema/index";
import { findCountry, findPlace } from "./gazetteer";
import { warmGazetteer } from "./gazetteer-index";
import { lookUpTimeZone } from "./time-zone-lookup";

export type PlaceFields = {
  city: string | null;
  region: string | null;
  country: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
};

export function needsCoordinates(place: PlaceFields | null | undefined): boolean {
  return Boolean(
    (place?.city?.trim() || place?.country?.trim() || place?.countryCode?.trim()) &&
    (place.latitude === null || place.longitude === null),
  );
}

/**
 * The same place with the coordinates of the most populous city of that name within its region
 * and country (and the country code and region when they were missing); with no city, the
 * country's centre; unchanged when neither is known.
 */
export function withCoordinates<T extends PlaceFields>(place: T): T {
  if (!needsCoordinates(place)) return place;
  const found = place.city?.trim()
    ? findPlace({
        city: place.city,
        region: place.region,
        country: place.country,
        countryCode: place.countryCode,
      })
    : findCountry(place.country?.trim() || place.countryCode || "");
  if (!found) return place;
  return {
    ...place,
    latitude: found.latitude,
    longitude: found.longitude,
    countryCode: place.countryCode ?? found.countryCode,
    region: place.region ?? found.region,
  };
}

export type BackfillReport = {
  checked: number;
  placed: number;
  /** What could not be placed: each city and country as written, with how many contacts. */
  unplaced: { city: string; country: string; contacts: number }[];
};

/** Places every contact (of every user) with a city or country but no coordinates. */
export async function backfillContactCoordinates(db: Db): Promise<BackfillReport> {
  const rows = await db
    .select({
      id: contacts.id,
      userId: contacts.userId,
      city: contacts.city,
      region: contacts.region,
      country: contacts.country,
      countryCode: contacts.countryCode,
      latitude: contacts.latitude,
      longitude: contacts.longitude,
    })
    .from(contacts)
    .where(
      and(
        or(isNotNull(contacts.city), isNotNull(contacts.country), isNotNull(contacts.countryCode)),
        or(isNull(contacts.latitude), isNull(contacts.longitude)),
      ),
    );
  const candidates = rows.filter(needsCoordinates);
  if (candidates.length > 0) warmGazetteer();
  const unplaced = new Map<string, BackfillReport["unplaced"][number]>();
  let placed = 0;
  for (const row of candidates) {
    const next = withCoordinates(row);
    if (next.latitude === null || next.longitude === null) {
      const city = row.city ?? "";
      const country = row.country ?? row.countryCode ?? "";
      const key = `${city}\u0000${country}`;
      const entry = unplaced.get(key) ?? { city, country, contacts: 0 };
      entry.contacts += 1;
      unplaced.set(key, entry);
      continue;
    }
    // Only where the place is still the one read: an edit meanwhile wins.
    const updated = await db
      .update(contacts)
      .set({
        latitude: next.latitude,
        longitude: next.longitude,
        countryCode: next.countryCode,
        region: next.region,
        timeZone: sql`case when ${contacts.isTimeZoneSetByHand} then ${contacts.timeZone} else ${lookUpTimeZone(next.latitude, next.longitude)} end`,
      })
      .where(
        and(
          eq(contacts.id, row.id),
          eq(contacts.userId, row.userId),
          or(isNull(contacts.latitude), isNull(contacts.longitude)),
          row.city === null ? isNull(contacts.city) : eq(contacts.city, row.city),
        ),
      )
      .returning({ id: contacts.id });
    placed += updated.length;
  }
  return {
    checked: candidates.length,
    placed,
    unplaced: [...unplaced.values()].sort(
      (a, b) =>
        b.contacts - a.contacts ||
        a.city.localeCompare(b.city) ||
        a.country.localeCompare(b.country),
    ),
  };
}

const TIME_ZONE_BATCH = 500;

/**
 * Gives a zone from their place to every contact (of every user) who has coordinates, no zone
 * and none chosen by hand: the contacts placed before zones were kept, and any a writer left
 * without one. Runs at start in the background; safe to run again. Returns how many it set.
 */
export async function backfillContactTimeZones(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({
        id: contacts.id,
        userId: contacts.userId,
        latitude: contacts.latitude,
        longitude: contacts.longitude,
      })
      .from(contacts)
      .where(
        and(
          isNull(contacts.timeZone),
          eq(contacts.isTimeZoneSetByHand, false),
          isNotNull(contacts.latitude),
          isNotNull(contacts.longitude),
        ),
      )
      .limit(TIME_ZONE_BATCH);
    let setNow = 0;
    for (const row of rows) {
      const zone = lookUpTimeZone(row.latitude, row.longitude);
      if (!zone) continue;
      // Only while the place and the zone are still as read: an edit meanwhile wins.
      const updated = await db
        .update(contacts)
        // The edit version stays: an edit form opened before this still saves.
        .set({ timeZone: zone, updatedAt: sql`${contacts.updatedAt}` })
        .where(
          and(
            eq(contacts.id, row.id),
            eq(contacts.userId, row.userId),
            isNull(contacts.timeZone),
            eq(contacts.isTimeZoneSetByHand, false),
            eq(contacts.latitude, row.latitude as number),
            eq(contacts.longitude, row.longitude as number),
          ),
        )
        .returning({ id: contacts.id });
      setNow += updated.length;
    }
    filled += setNow;
    // Rows that got no zone (invalid coordinates) would come back: stop when a batch sets none.
    if (rows.length < TIME_ZONE_BATCH || setNow === 0) return filled;
  }
}
