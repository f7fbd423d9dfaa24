import { describe, expect, it } from "vitest";
import { describeWaiting } from "../../../app/offline-banner";
import { describeEdit } from "./offline-changes";

describe("words for changes made offline", () => {
  it("counts waiting changes, one in the singular", () => {
    expect(describeWaiting(1)).toBe("1 change waiting to be sent");
    expect(describeWaiting(3)).toBe("3 changes waiting to be sent");
  });

  it("says what a refused edit was, by the fields' names, without its version", () => {
    expect(
      describeEdit({
        company: "Analytical Engines",
        notes: " Met in London ",
        expectedUpdatedAt: "2026-12-03T08:00:00.000Z",
        tags: ["work"],
      }),
    ).toBe("Company: Analytical Engines; Notes: Met in London");
    expect(describeEdit({ note: "Lunch" })).toBe("Note: Lunch");
    expect(describeEdit({ expectedUpdatedAt: "2026-12-03T08:00:00.000Z" })).toBeUndefined();
  });
});
