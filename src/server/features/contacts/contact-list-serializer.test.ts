// GET /api/contacts skips zod when it writes its answer; it must still write exactly what zod's
// serializer writes (ContactListSchema's fields, in its order), and nothing else.
import { describe, expect, it } from "vitest";
import { ContactListSchema, type ContactList } from "../../../core/contact-list-schema";
import { ContactSchema, type Contact } from "../../../core/contacts";
import { serializeContactList } from "./contact-list-serializer";

function contact(i: number, overrides: Partial<Contact> = {}): Contact {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    firstName: `Zoë ${i}`,
    lastName: i % 3 ? "O'Brien" : "",
    emails: [{ label: "Home", value: `p${i}@example.com` }, { value: `q${i}@example.com` }],
    phones: i % 2 ? [{ label: "Mobile", value: "+44 (20) 7946-0000" }] : [],
    company: i % 4 ? 'Émile & "Co" <b>' : null,
    jobTitle: null,
    notes: i % 5 ? 'Line one\nline "two" \\ tab\t 🌱 \u2028 end' : null,
    preferredMethod: i % 2 ? "whatsapp" : null,
    telegramUsername: i % 7 ? null : "someone_1",
    city: "Zürich",
    region: null,
    country: "Switzerland",
    countryCode: "CH",
    latitude: i % 2 ? 47.3769 : null,
    longitude: i % 2 ? -8.5417e-3 : null,
    birthday: i % 3 ? { day: 29, month: 2, year: i % 2 ? 1996 : null } : null,
    tags: i % 2 ? ["family", "Book club"] : [],
    rhythm: i % 8 ? { interval: i % 8, unit: "week" } : null,
    rhythmSetAt: "2025-01-01T10:00:00.000Z",
    lastContactedAt: i % 5 ? "2025-02-03T04:05:06.789Z" : null,
    nextDueAt: i % 8 ? "2025-02-10T05:00:00.000Z" : null,
    dueDate: i % 8 ? "2025-02-10" : null,
    daysUntilDue: i % 8 ? -3 + i : null,
    state: i % 8 ? "overdue" : "no_rhythm",
    isSnoozed: i % 9 === 0,
    archivedAt: null,
    importId: null,
    createdAt: "2024-12-01T00:00:00.123Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function listOf(items: Contact[]): ContactList {
  return {
    items,
    counts: { all: items.length, overdue: 1, due_soon: 2, on_track: 3, no_rhythm: 4 },
    total: items.length + 2,
    limit: 1000,
    today: "2025-02-07",
    timeZone: "Europe/Zurich",
  };
}

const viaZod = (list: ContactList) => JSON.stringify(ContactListSchema.encode(list));

describe("serializeContactList", () => {
  it("writes byte for byte what zod's serializer writes, across its 64-contact chunks", () => {
    for (const n of [0, 1, 63, 64, 65, 130]) {
      const list = listOf(Array.from({ length: n }, (_, i) => contact(i)));
      const bytes = serializeContactList(list);
      expect(bytes.toString("utf8"), `${n} contacts`).toBe(viaZod(list));
      expect(bytes.length).toBe(Buffer.byteLength(viaZod(list)));
    }
  });

  it("writes only the schema's fields, at every level", () => {
    const extra = { userId: "someone-else", secret: "x" };
    const leaky = {
      ...contact(1),
      ...extra,
      emails: [{ label: "Home", value: "a@example.com", ...extra }],
      phones: [{ value: "+1 555 0100", ...extra }],
      birthday: { day: 1, month: 2, year: null, ...extra },
      rhythm: { interval: 2, unit: "week" as const, ...extra },
    };
    const list = {
      ...listOf([leaky]),
      counts: { all: 1, overdue: 0, due_soon: 0, on_track: 1, no_rhythm: 0, ...extra },
      ...extra,
    };
    const text = serializeContactList(list).toString("utf8");
    expect(text).not.toContain("someone-else");
    expect(text).not.toContain("secret");
    expect(text).toBe(viaZod(list));
    const parsed = JSON.parse(text) as ContactList;
    expect(Object.keys(parsed)).toEqual(Object.keys(ContactListSchema.shape));
    expect(Object.keys(parsed.counts)).toEqual(Object.keys(ContactListSchema.shape.counts.shape));
    expect(Object.keys(parsed.items[0]!)).toEqual(Object.keys(ContactSchema.shape));
  });
});
