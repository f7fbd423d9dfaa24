import { describe, expect, it } from "vitest";
import {
  findDuplicateGroups,
  nameSimilarity,
  nameWords,
  pairScore,
  type DuplicateCandidate,
} from "./duplicates";

let next = 0;
function person(fields: Partial<DuplicateCandidate>): DuplicateCandidate {
  next += 1;
  return {
    id: `c${String(next).padStart(4, "0")}`,
    firstName: null,
    lastName: null,
    emails: [],
    phones: [],
    company: null,
    city: null,
    ...fields,
  };
}

const idsOf = (groups: ReturnType<typeof findDuplicateGroups>) =>
  groups.map((g) => [...g.contactIds].sort());

describe("duplicate scoring", () => {
  it("matches emails ignoring case and phones written nationally or internationally", () => {
    const a = person({ firstName: "Ana", emails: [{ value: "Ana@Example.com" }] });
    const b = person({ firstName: "Anna", emails: [{ value: "ana@example.com" }] });
    const c = person({ firstName: "Sam", phones: [{ value: "+44 20 7946 0001" }] });
    const d = person({ firstName: "Samuel", phones: [{ value: "020 7946 0001" }] });
    const groups = findDuplicateGroups([a, b, c, d]);
    expect(idsOf(groups)).toEqual([
      [a.id, b.id],
      [c.id, d.id],
    ]);
    expect(groups[0]!.reasons[0]!.label).toBe("Same email: ana@example.com");
    expect(groups[1]!.reasons[0]!.label).toBe("Same phone: +44 20 7946 0001");
  });

  it("tells apart people on one switchboard by their extensions", () => {
    const a = person({ firstName: "A", phones: [{ value: "555 0100", ext: "12" }] });
    const b = person({ firstName: "B", phones: [{ value: "555 0100", ext: "13" }] });
    expect(findDuplicateGroups([a, b])).toEqual([]);
  });

  it("needs a shared company or city for names that are only similar", () => {
    const jon = person({ firstName: "Jon", lastName: "Smith", city: "Lisbon" });
    const john = person({ firstName: "John", lastName: "Smith", city: "lisbon" });
    const elsewhere = person({ firstName: "John", lastName: "Smyth", city: "Porto" });
    const groups = findDuplicateGroups([jon, john, elsewhere]);
    expect(idsOf(groups)).toEqual([[jon.id, john.id]]);
    expect(groups[0]!.reasons[0]).toMatchObject({
      kind: "similarName",
      label: "Similar names, same city: Lisbon",
    });
  });

  it("reads the same full name as a duplicate, whatever its accents, case or order", () => {
    const a = person({ firstName: "José", lastName: "Ortega" });
    const b = person({ firstName: "jose", lastName: "ORTEGA" });
    expect(idsOf(findDuplicateGroups([a, b]))).toEqual([[a.id, b.id]]);
    expect(nameWords({ firstName: "Smith,", lastName: "John" })).toEqual(
      nameWords({ firstName: "John", lastName: "Smith" }),
    );
  });

  it("scores names: contained words and initials are alike, different people are not", () => {
    expect(nameSimilarity(["bob", "smith"], ["bob", "j", "smith"])).toBe(1);
    expect(nameSimilarity(["j", "smith"], ["john", "smith"])).toBe(1);
    expect(nameSimilarity(["john", "smith"], ["jon", "smith"])).toBeGreaterThanOrEqual(0.8);
    expect(nameSimilarity(["alice", "smith"], ["bob", "smith"])).toBeLessThan(0.8);
    expect(nameSimilarity(["al"], ["al", "smith"])).toBeLessThan(0.8);
    expect(nameSimilarity(["first12", "lastname12"], ["first13", "lastname13"])).toBe(0);
    expect(nameSimilarity(["lee", "rob"], ["lee", "robert"])).toBeGreaterThanOrEqual(0.8);
  });

  it("does not chain a city's people into one group through letters alone", () => {
    const people = Array.from({ length: 40 }, (_, i) =>
      person({ firstName: `Person${i}`, lastName: `Surname${i}`, city: "Leeds" }),
    );
    expect(findDuplicateGroups(people)).toEqual([]);
  });

  it("adds reasons up, and puts the three copies of one person in one group", () => {
    expect(pairScore([{ kind: "email" }])).toBe(0.95);
    expect(pairScore([{ kind: "email" }, { kind: "name" }])).toBe(0.99);
    const a = person({ firstName: "Bob", lastName: "Stone", emails: [{ value: "bob@x.org" }] });
    const b = person({ firstName: "Bob", lastName: "Stone", phones: [{ value: "0123 456 789" }] });
    const c = person({ firstName: "Robert", emails: [{ value: "BOB@x.org" }] });
    const groups = findDuplicateGroups([a, b, c]);
    expect(idsOf(groups)).toEqual([[a.id, b.id, c.id]]);
    expect(groups[0]!.reasons.map((r) => r.kind).sort()).toEqual(["email", "name"]);
  });
});
