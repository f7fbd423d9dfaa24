import { describe, expect, it } from "vitest";
import { longHistoryExport } from "../../../tests/fixtures/import/hostile-files";
import { NOT_TEND_EXPORT, parseAccountExport } from "./account-export";

const contact = {
  id: "c-1",
  firstName: "Ada",
  lastName: "Lovelace",
  emails: [{ value: "ada@example.com" }],
  phones: [],
  company: null,
  jobTitle: null,
  notes: null,
  preferredMethod: "email",
  telegramUsername: null,
  city: null,
  region: null,
  country: null,
  countryCode: null,
  latitude: null,
  longitude: null,
  birthday: null,
  tags: [],
  rhythm: { interval: 1, unit: "month" },
  rhythmSetAt: "2025-01-01T00:00:00.000Z",
  lastContactedAt: "2025-03-01T10:00:00.000Z",
  nextDueAt: "2025-04-01T00:00:00.000Z",
  archivedAt: null,
  createdAt: "2024-12-31T00:00:00.000Z",
  updatedAt: "2025-03-01T10:00:00.000Z",
};

describe("parseAccountExport", () => {
  it("reads contacts with their history and original timestamps", () => {
    const file = {
      format: "tend-account-export",
      version: 1,
      contacts: [contact, { ...contact, id: "c-2", firstName: "", lastName: "" }],
      interactions: [
        { contactId: "c-1", occurredAt: "2025-03-01T10:00:00.000Z", channel: "email", note: "Hi" },
        // A last-contacted day stays one; an export made before the flag reads as a full entry.
        {
          contactId: "c-1",
          occurredAt: "2025-02-01T10:00:00.000Z",
          channel: "phone",
          note: null,
          isDateOnly: true,
        },
      ],
    };
    const [ada, nameless] = parseAccountExport(JSON.stringify(file));
    expect(ada!.contact).toMatchObject({
      firstName: "Ada",
      rhythm: { interval: 1, unit: "month" },
    });
    expect(ada!.extras).toEqual({
      lastContactedAt: "2025-03-01T10:00:00.000Z",
      nextDueAt: "2025-04-01T00:00:00.000Z",
      archivedAt: null,
      rhythmSetAt: "2025-01-01T00:00:00.000Z",
      createdAt: "2024-12-31T00:00:00.000Z",
      // The exported id, so relationships in the same file find this person.
      sourceUid: "urn:uuid:c-1",
      interactions: [
        { occurredAt: "2025-03-01T10:00:00.000Z", channel: "email", note: "Hi", isDateOnly: false },
        { occurredAt: "2025-02-01T10:00:00.000Z", channel: "phone", note: null, isDateOnly: true },
      ],
    });
    expect(nameless!.contact).toBeNull();
    expect(nameless!.errors[0]!.message).toMatch(/first or last name/);
  });

  it("flags unreadable history instead of dropping it silently", () => {
    const file = {
      format: "tend-account-export",
      contacts: [contact],
      interactions: [{ contactId: "c-1", occurredAt: "yesterday", channel: "pigeon" }],
    };
    const [row] = parseAccountExport(JSON.stringify(file));
    expect(row!.contact).toBeNull();
    expect(row!.errors[0]!.message).toMatch(/history/);
  });

  it("holds history to the rules of logging it by hand: notes cleaned, dates from 1900", () => {
    const file = {
      format: "tend-account-export",
      contacts: [contact, { ...contact, id: "c-2", firstName: "Grace" }],
      interactions: [
        {
          contactId: "c-1",
          occurredAt: "2025-03-01T10:00:00Z",
          channel: "email",
          note: "a\u0000b ",
        },
        // Year 0 passes a date check but no database stores it: the row says so up front.
        { contactId: "c-2", occurredAt: "0000-06-01T00:00:00Z", channel: "phone", note: null },
      ],
    };
    const [ada, grace] = parseAccountExport(JSON.stringify(file));
    expect(ada!.extras.interactions).toEqual([
      { occurredAt: "2025-03-01T10:00:00Z", channel: "email", note: "ab", isDateOnly: false },
    ]);
    expect(grace!.contact).toBeNull();
    expect(grace!.errors[0]!.message).toMatch(/history/);
  });

  it("refuses JSON that is not our export", () => {
    expect(() => parseAccountExport('{"contacts": "nope"}')).toThrow(NOT_TEND_EXPORT);
    expect(() => parseAccountExport("{not json")).toThrow(NOT_TEND_EXPORT);
  });

  it("reads a long history in linear time (40,000 entries of one contact took 29 s)", () => {
    const started = performance.now();
    const [row] = parseAccountExport(longHistoryExport(40_000));
    expect(row!.extras.interactions).toHaveLength(40_000);
    // Linear: well under a second on an idle machine; quadratic: half a minute.
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});
