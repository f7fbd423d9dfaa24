import { describe, expect, it } from "vitest";
import { ContactInputSchema } from "./contacts";
import { defaultMergeChoices, planMerge, type MergeSource } from "./contact-merge";

function copy(id: string, updatedAt: string, fields: Record<string, unknown>, hasPhoto = false) {
  const values = ContactInputSchema.parse(fields) as Record<string, unknown>;
  return { id, updatedAt, hasPhoto, values } satisfies MergeSource;
}

const older = copy("a", "2025-01-01T00:00:00Z", {
  firstName: "Bob",
  lastName: "Stone",
  company: "Acme",
  emails: [{ value: "bob@example.com" }],
  phones: [{ value: "+44 20 7946 0001" }],
  tags: ["Friends"],
  notes: "Likes chess",
  city: "Leeds",
  country: "United Kingdom",
});
const newer = copy(
  "b",
  "2025-03-01T00:00:00Z",
  {
    firstName: "Robert",
    lastName: "Stone",
    jobTitle: "Architect",
    emails: [{ value: "BOB@example.com" }, { value: "rob@work.example" }],
    phones: [{ value: "020 7946 0001" }],
    tags: ["friends", "Work"],
    notes: "Moved to Lisbon",
    city: "Lisbon",
  },
  true,
);

describe("merging copies of a contact", () => {
  it("keeps the most complete copy (entries counted) and takes each field from the latest copy that has it", () => {
    const { keepId, fields } = defaultMergeChoices([older, newer]);
    expect(keepId).toBe("b");
    expect(fields).toMatchObject({
      firstName: "b",
      company: "a",
      jobTitle: "b",
      place: "b",
      photo: "b",
    });
  });

  it("combines lists without repeats and joins notes; chosen fields win", () => {
    const { values } = planMerge([older, newer], "a", { firstName: "a", place: "a" });
    expect(values.firstName).toBe("Bob");
    expect(values.jobTitle).toBe("Architect");
    expect((values.emails as { value: string }[]).map((e) => e.value)).toEqual([
      "bob@example.com",
      "rob@work.example",
    ]);
    expect((values.phones as { value: string }[]).map((p) => p.value)).toEqual([
      "+44 20 7946 0001",
    ]);
    expect(values.tags).toEqual(["Friends", "Work"]);
    expect(values.notes).toBe("Likes chess\n\nMoved to Lisbon");
    expect([values.city, values.country]).toEqual(["Leeds", "United Kingdom"]);
  });

  it("takes a place whole: never one copy's city with another's country", () => {
    const { values } = planMerge([older, newer], "a", { place: "b" });
    expect([values.city, values.country]).toEqual(["Lisbon", null]);
  });
});
