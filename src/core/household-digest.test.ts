import { describe, expect, it } from "vitest";
import { groupHouseholds } from "./household-digest";

const person = (id: string, firstName: string, dueDay: string) => ({
  id,
  firstName,
  name: `${firstName} Carter`,
  dueDay,
});

describe("a household in the digest", () => {
  it("lists the people of a household due together once, at the first one's place", () => {
    const due = [
      person("ana", "Ana", "2025-06-01"),
      person("sam", "Sam", "2025-06-05"),
      person("bo", "Bo", "2025-06-06"),
      person("jo", "Jo", "2025-06-03"),
    ];
    const carters = { householdId: "h1", name: "The Carters" };
    const grouped = groupHouseholds(due, [
      { contactId: "sam", ...carters },
      { contactId: "jo", ...carters },
      { contactId: "max", ...carters },
    ]);
    expect(grouped.map((c) => [c.id, c.name, c.dueDay, c.memberIds])).toEqual([
      ["ana", "Ana Carter", "2025-06-01", undefined],
      ["sam", "The Carters (Sam and Jo)", "2025-06-03", ["sam", "jo"]],
      ["bo", "Bo Carter", "2025-06-06", undefined],
    ]);
  });

  it("leaves a member alone when nobody else of the household is due", () => {
    const due = [person("sam", "Sam", "2025-06-05"), person("ana", "Ana", "2025-06-06")];
    const grouped = groupHouseholds(due, [
      { contactId: "sam", householdId: "h1", name: "The Carters" },
    ]);
    expect(grouped).toEqual(due);
  });
});
