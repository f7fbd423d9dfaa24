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
export type Place = {
  city: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
};
/** Where contact `i` lives. */
export type PlaceOf = (i: number) => Place;
/** The default: the first five world cities (European capitals), all at London's coordinates. */
const LONDON_COORDINATES: PlaceOf = (i) => {
  const [city, country, countryCode] = WORLD_CITIES[i % 5]!;
  return { city, country, countryCode, latitude: 51.5, longitude: -0.12 };
};
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

// Where people live: 40 cities on every continent, each contact a little off its centre.
const WORLD_CITIES: [string, string, string, number, number][] = [
  ["London", "United Kingdom", "GB", 51.51, -0.13],
  ["Paris", "France", "FR", 48.86, 2.35],
  ["Berlin", "Germany", "DE", 52.52, 13.4],
  ["Lisbon", "Portugal", "PT", 38.72, -9.14],
  ["Madrid", "Spain", "ES", 40.42, -3.7],
  ["Rome", "Italy", "IT", 41.9, 12.5],
  ["Amsterdam", "Netherlands", "NL", 52.37, 4.9],
  ["Stockholm", "Sweden", "SE", 59.33, 18.07],
  ["Warsaw", "Poland", "PL", 52.23, 21.01],
  ["Athens", "Greece", "GR", 37.98, 23.73],
  ["Istanbul", "Turkey", "TR", 41.01, 28.98],
  ["Cairo", "Egypt", "EG", 30.04, 31.24],
  ["Lagos", "Nigeria", "NG", 6.52, 3.38],
  ["Nairobi", "Kenya", "KE", -1.29, 36.82],
  ["Cape Town", "South Africa", "ZA", -33.92, 18.42],
  ["Dubai", "United Arab Emirates", "AE", 25.2, 55.27],
  ["Mumbai", "India", "IN", 19.08, 72.88],
  ["Delhi", "India", "IN", 28.61, 77.21],
  ["Bangkok", "Thailand", "TH", 13.76, 100.5],
  ["Singapore", "Singapore", "SG", 1.35, 103.82],
  ["Jakarta", "Indonesia", "ID", -6.2, 106.85],
  ["Hong Kong", "Hong Kong", "HK", 22.32, 114.17],
  ["Shanghai", "China", "CN", 31.23, 121.47],
  ["Seoul", "South Korea", "KR", 37.57, 126.98],
  ["Tokyo", "Japan", "JP", 35.68, 139.69],
  ["Sydney", "Australia", "AU", -33.87, 151.21],
  ["Melbourne", "Australia", "AU", -37.81, 144.96],
  ["Auckland", "New Zealand", "NZ", -36.85, 174.76],
  ["Honolulu", "United States", "US", 21.31, -157.86],
  ["Vancouver", "Canada", "CA", 49.28, -123.12],
  ["San Francisco", "United States", "US", 37.77, -122.42],
  ["Los Angeles", "United States", "US", 34.05, -118.24],
  ["Denver", "United States", "US", 39.74, -104.99],
  ["Chicago", "United States", "US", 41.88, -87.63],
  ["Toronto", "Canada", "CA", 43.65, -79.38],
  ["New York", "United States", "US", 40.71, -74.01],
  ["Mexico City", "Mexico", "MX", 19.43, -99.13],
  ["Bogotá", "Colombia", "CO", 4.71, -74.07],
  ["São Paulo", "Brazil", "BR", -23.55, -46.63],
  ["Buenos Aires", "Argentina", "AR", -34.6, -58.38],
];
/** Contact `i` in one of 40 cities around the world (the map benchmark). */
export const worldPlace: PlaceOf = (i) => {
  const [city, country, countryCode, latitude, longitude] =
    WORLD_CITIES[(i * 7) % WORLD_CITIES.length]!;
  // A deterministic spread of up to ±0.6° around the centre.
  const jitter = (k: number) => (((i * k) % 1_000) / 1_000 - 0.5) * 1.2;
  return {
    city,
    country,
    countryCode,
    latitude: latitude + jitter(7_919),
    longitude: longitude + jitter(104_729),
  };
};
