import { describe, expect, it } from "vitest";
import {
  compareText,
  CONTACT_SORTS,
  countTags,
  createContactSearch,
  filterContacts,
  foldText,
  selectContacts,
  sortContacts,
} from "./contact-list";
import { ContactListQuerySchema } from "./contact-list-schema";
import type { Contact } from "./contacts";

let seq = 0;
function contact(overrides: Partial<Contact>): Contact {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    firstName: "",
    lastName: "",
    namePrefix: null,
    nameSuffix: null,
    nickname: null,
    emails: [],
    websites: [],
    phones: [],
    company: null,
    jobTitle: null,
    notes: null,
    preferredMethod: null,
    telegramUsername: null,
    city: null,
    region: null,
    country: null,
    countryCode: null,
    latitude: null,
    longitude: null,
    timeZone: null,
    addresses: [],
    birthday: null,
    tags: [],
    rhythm: null,
    rhythmSource: null,
    isTimeZoneSetByHand: false,
    rhythmSetAt: null,
    lastContactedAt: null,
    nextDueAt: null,
    dueDate: null,
    daysUntilDue: null,
    state: "no_rhythm",
    isSnoozed: false,
    archivedAt: null,
    importId: null,
    photoUrl: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const weekly = { interval: 1, unit: "week" } as const;
const ada = contact({
  firstName: "Ada",
  lastName: "Lovelace",
  emails: [{ value: "ada@engine.org" }],
  company: "Analytical Engines",
  tags: ["Work", "math"],
  rhythm: weekly,
  state: "overdue",
  nextDueAt: "2025-01-05T00:00:00.000Z",
  lastContactedAt: "2024-12-29T10:00:00.000Z",
  countryCode: "GB",
  country: "United Kingdom",
  createdAt: "2025-01-03T00:00:00.000Z",
});
const jose = contact({
  firstName: "José",
  lastName: "Núñez",
  notes: "Met at the climbing gym",
  tags: ["climbing"],
  rhythm: { interval: 1, unit: "month" },
  state: "on_track",
  nextDueAt: "2025-02-01T00:00:00.000Z",
  lastContactedAt: "2025-01-01T10:00:00.000Z",
  country: "Spain",
  countryCode: "ES",
  createdAt: "2025-01-02T00:00:00.000Z",
});
const bob = contact({
  firstName: "bob",
  phones: [{ value: "+1 555 0100" }],
  state: "no_rhythm",
  createdAt: "2025-01-04T00:00:00.000Z",
});
const grace = contact({
  firstName: "Grace",
  lastName: "Hopper",
  rhythm: weekly,
  state: "due_soon",
  nextDueAt: "2025-01-06T00:00:00.000Z",
  tags: ["work"],
});
const old = contact({ firstName: "Archie", archivedAt: "2025-01-01T00:00:00.000Z" });
const all = [ada, jose, bob, grace, old];

function select(query: Record<string, unknown>) {
  return selectContacts(all, ContactListQuerySchema.parse(query));
}
const names = (items: Contact[]) => items.map((c) => c.firstName);

describe("search", () => {
  it("matches every word across name, email, phone, company, notes and tags, ignoring accents and case", () => {
    expect(names(select({ q: "jose nunez" }).items)).toEqual(["José"]);
    expect(names(select({ q: "ENGINE" }).items)).toEqual(["Ada"]);
    expect(names(select({ q: "climbing gym" }).items)).toEqual(["José"]);
    expect(names(select({ q: "555" }).items)).toEqual(["bob"]);
    expect(names(select({ q: "math" }).items)).toEqual(["Ada"]);
    expect(names(select({ q: "ada hopper" }).items)).toEqual([]);
    expect(names(select({ q: "   " }).items)).toHaveLength(4);
  });

  it("folds accents", () => {
    expect(foldText("Ñúñez Émile")).toBe("nunez emile");
  });
});

describe("filters and counts", () => {
  it("hides archived contacts unless asked, and then shows only them", () => {
    expect(names(select({}).items)).not.toContain("Archie");
    expect(names(select({ archived: "true" }).items)).toEqual(["Archie"]);
  });

  it("filters by state and counts every state over the other filters", () => {
    const result = select({ state: "overdue" });
    expect(names(result.items)).toEqual(["Ada"]);
    expect(result.counts).toEqual({ all: 4, overdue: 1, due_soon: 1, on_track: 1, no_rhythm: 1 });
    expect(select({ tag: "work" }).counts).toEqual({
      all: 2,
      overdue: 1,
      due_soon: 1,
      on_track: 0,
      no_rhythm: 0,
    });
  });

  it("filters by tag ignoring case, rhythm key and country code or name", () => {
    expect(names(select({ tag: "WORK" }).items).sort()).toEqual(["Ada", "Grace"]);
    expect(names(select({ rhythm: "1-week" }).items).sort()).toEqual(["Ada", "Grace"]);
    expect(names(select({ rhythm: "none" }).items)).toEqual(["bob"]);
    expect(names(select({ country: "gb" }).items)).toEqual(["Ada"]);
    expect(names(select({ country: "spain" }).items)).toEqual(["José"]);
  });
});

describe("sort", () => {
  it("puts the most urgent first by default, contacts without a rhythm last", () => {
    expect(names(select({}).items)).toEqual(["Ada", "Grace", "José", "bob"]);
  });

  it("sorts by name ignoring case, by last contacted (recent first, never last) and by recently added", () => {
    expect(names(select({ sort: "name" }).items)).toEqual(["Ada", "bob", "Grace", "José"]);
    expect(names(select({ sort: "last_contacted" }).items)).toEqual([
      "José",
      "Ada",
      "bob",
      "Grace",
    ]);
    expect(names(select({ sort: "recently_added" }).items)).toEqual([
      "bob",
      "Ada",
      "José",
      "Grace",
    ]);
  });
});

describe("the contacts screen's sort once, filter per keystroke", () => {
  it("filters a sorted list to the same rows and counts the API selects", () => {
    const queries = [
      {},
      { q: "a" },
      { q: "work" },
      { q: "jose nunez" },
      { state: "overdue" },
      { tag: "work", q: "a" },
      { archived: "true" },
      { rhythm: "1-week" },
    ];
    for (const sort of CONTACT_SORTS) {
      const sorted = sortContacts(all, sort);
      for (const query of queries) {
        const selection = ContactListQuerySchema.parse({ ...query, sort });
        expect(filterContacts(sorted, selection), JSON.stringify(selection)).toEqual(
          selectContacts(all, selection),
        );
      }
    }
  });

  it("keeps the order it is given and leaves the input as it was", () => {
    const given = [grace, bob, ada, jose];
    const selection = ContactListQuerySchema.parse({ q: "work" });
    expect(names(filterContacts(given, selection).items)).toEqual(["Grace", "Ada"]);
    expect(names(sortContacts(given, "name"))).toEqual(["Ada", "bob", "Grace", "José"]);
    expect(names(given)).toEqual(["Grace", "bob", "Ada", "José"]);
  });
});

describe("a search typed letter by letter", () => {
  it("gives filterContacts' answer for every query, however it was reached", () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      contact({
        firstName: ["Ada", "José", "Jo", "Zoë", "Bob", "Anna Maria"][i % 6]!,
        lastName: `Name${i}`,
        notes: i % 7 === 0 ? "climbing at noon" : null,
        tags: [["work", "Family", "climbing"][i % 3]!],
        state: (["overdue", "due_soon", "on_track", "no_rhythm"] as const)[i % 4],
        archivedAt: i % 11 === 0 ? "2025-01-01T00:00:00.000Z" : null,
      }),
    );
    const sorted = sortContacts(many, "name");
    const search = createContactSearch(sorted);
    const typed = ["j", "jo", "jos", "josé", "jos", "jo", "j", "", "n", "na", "nam", "name1"];
    const more = ["name12", "name1", "jose name", "JOSE NAME1", "  ", "zoe", "ZOË", "a m", "a ma"];
    const filterSets = [
      {},
      { state: "overdue" },
      { tag: "work" },
      { archived: "true" },
      { tag: "climbing", state: "on_track" },
    ];
    for (const filters of filterSets) {
      for (const q of [...typed, ...more, ...typed.toReversed()]) {
        const query = ContactListQuerySchema.parse({ ...filters, q });
        expect(search(query), JSON.stringify(query)).toEqual(filterContacts(sorted, query));
      }
    }
  });

  it("narrows an earlier answer instead of going through every contact", () => {
    // Every contact the filter looks at has its archived date read first: count those reads.
    let reads = 0;
    const watched = all.map((c) => {
      const copy = { ...c };
      Object.defineProperty(copy, "archivedAt", {
        get: () => {
          reads += 1;
          return c.archivedAt;
        },
      });
      return copy;
    });
    const search = createContactSearch(watched);
    const query = (q: string) => ContactListQuerySchema.parse({ q });
    expect(names(search(query("a")).items)).toEqual(["Ada", "José", "Grace"]);
    expect(reads).toBe(all.length);
    reads = 0;
    expect(names(search(query("ad")).items)).toEqual(["Ada"]);
    expect(reads).toBe(3);
    // Back to "a": its answer again, without reading anyone.
    reads = 0;
    expect(names(search(query("a")).items)).toEqual(["Ada", "José", "Grace"]);
    expect(reads).toBe(0);
  });
});

describe("tags", () => {
  it("counts tags ignoring case, most used first", () => {
    expect(countTags(all)).toEqual([
      { tag: "Work", count: 2 },
      { tag: "climbing", count: 1 },
      { tag: "math", count: 1 },
    ]);
  });
});

describe("compareText", () => {
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const sign = (n: number) => Math.sign(n);

  it("orders as English collation: numbers by value, accents and marks", () => {
    expect(compareText("Flat 2", "Flat 10")).toBeLessThan(0);
    expect(compareText("Élodie", "elodie")).toBe(0);
    expect(compareText("Zoë", "Zoe")).toBe(0);
    expect(sign(compareText("O'Brien", "Obama"))).toBe(sign(collator.compare("O'Brien", "Obama")));
    expect(sign(compareText("Ana-Maria", "Ana Maria"))).toBe(
      sign(collator.compare("Ana-Maria", "Ana Maria")),
    );
  });
});
