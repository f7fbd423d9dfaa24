// A realistic full address book for the benchmarks: 1,000 contacts with rhythms, tags and places
// (or more, written straight to the database past the per-user limit, for the map's headroom).
import { CONTACT_LIMIT } from "../../src/core/constants";
import { computeNextDueAt, type Rhythm } from "../../src/core/rhythm";
import type { Db } from "../../src/server/db/client";
import { contacts, interactions } from "../../src/server/db/schema/index";

const DAY = 86_400_000;

const RHYTHMS: (Rhythm | null)[] = [
  { interval: 1, unit: "week" },
  { interval: 2, unit: "week" },
  { interval: 1, unit: "month" },
  { interval: 3, unit: "month" },
  { interval: 6, unit: "month" },
  { interval: 1, unit: "year" },
  { interval: 10, unit: "day" },
  null,
];
const TAGS = ["family", "friends", "work", "book club", "climbing", "school", "neighbours"];
const CITIES = [
  {
    city: "London",
    country: "United Kingdom",
    countryCode: "GB",
    latitude: 51.5,
    longitude: -0.12,
  },
  { city: "Paris", country: "France", countryCode: "FR", latitude: 48.86, longitude: 2.35 },
  { city: "Berlin", country: "Germany", countryCode: "DE", latitude: 52.52, longitude: 13.4 },
  { city: "Lisbon", country: "Portugal", countryCode: "PT", latitude: 38.72, longitude: -9.14 },
  { city: "Madrid", country: "Spain", countryCode: "ES", latitude: 40.42, longitude: -3.7 },
];

/** Where contact `i` lives: by default five European capitals, all at London's coordinates. */
export type PlaceOf = (i: number) => (typeof CITIES)[number];
const LONDON_COORDINATES: PlaceOf = (i) => ({
  ...CITIES[i % CITIES.length]!,
  latitude: 51.5,
  longitude: -0.12,
});
const BATCH = 1_000;

/**
 * A full address book (1,000 contacts, half with some history) for `userId`; `count` more than
 * the limit writes past it, as only the database can.
 */
export async function seedContacts(
  db: Db,
  userId: string,
  options: { count?: number; placeOf?: PlaceOf } = {},
) {
  const { count = CONTACT_LIMIT, placeOf = LONDON_COORDINATES } = options;
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const rhythm = RHYTHMS[i % RHYTHMS.length]!;
    const lastContactedAt = i % 5 === 0 ? null : new Date(now - ((i * 7) % 400) * DAY);
    const rhythmSetAt = rhythm ? new Date(now - 30 * DAY) : null;
    return {
      userId,
      firstName: `First${i}`,
      lastName: `Lastname${i}`,
      emails: [{ label: "Home", value: `person${i}@example.com` }],
      phones: [{ label: "Mobile", value: `+44 20 7946 ${String(i).padStart(4, "0")}` }],
      company: `Company ${i % 60}`,
      jobTitle: "Engineer",
      notes: `Met at conference ${i % 30}. Likes hiking, jazz and long lunches.`,
      preferredMethod: ["email", "phone", "text", "whatsapp", "telegram"][i % 5],
      ...placeOf(i),
      birthdayDay: (i % 28) + 1,
      birthdayMonth: (i % 12) + 1,
      tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3) % TAGS.length]!],
      rhythmInterval: rhythm?.interval ?? null,
      rhythmUnit: rhythm?.unit ?? null,
      rhythmSetAt,
      lastContactedAt,
      nextDueAt: computeNextDueAt({ rhythm, lastContactedAt, rhythmSetAt, timeZone: "UTC" }),
    };
  });
  const inserted: { id: string }[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    inserted.push(...(await db.insert(contacts).values(batch).returning({ id: contacts.id })));
  }
  // Some history too, as a real account has (the list does not read it, the indexes see it).
  await db.insert(interactions).values(
    inserted.slice(0, 500).map((c, i) => ({
      userId,
      contactId: c.id,
      occurredAt: new Date(now - i * DAY),
      channel: "email",
    })),
  );
}
