// A realistic full address book for the benchmarks: 1,000 contacts with rhythms, tags and places.
import { CONTACT_LIMIT } from "../../src/core/constants";
import { computeNextDueAt, type Rhythm } from "../../src/core/rhythm";
import { contacts, interactions } from "../../src/server/db/schema/index";
import type { TestApp } from "../helpers/test-app";

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

/** A full address book (1,000 contacts, half with some history) for `userId`. */
export async function seedContacts(t: TestApp, userId: string) {
  const now = Date.now();
  const rows = Array.from({ length: CONTACT_LIMIT }, (_, i) => {
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
      city: ["London", "Paris", "Berlin", "Lisbon", "Madrid"][i % 5],
      country: ["United Kingdom", "France", "Germany", "Portugal", "Spain"][i % 5],
      countryCode: ["GB", "FR", "DE", "PT", "ES"][i % 5],
      latitude: 51.5,
      longitude: -0.12,
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
  const inserted = await t.app.db.insert(contacts).values(rows).returning({ id: contacts.id });
  // Some history too, as a real account has (the list does not read it, the indexes see it).
  await t.app.db.insert(interactions).values(
    inserted.slice(0, 500).map((c, i) => ({
      userId,
      contactId: c.id,
      occurredAt: new Date(now - i * DAY),
      channel: "email",
    })),
  );
}
