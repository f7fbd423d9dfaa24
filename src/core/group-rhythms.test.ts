import { describe, expect, it } from "vitest";
import {
  describeEffectiveRhythm,
  effectiveRhythm,
  indexGroupRhythms,
  pickGroupRhythm,
  rhythmDays,
  splitRhythmSource,
} from "./group-rhythms";
import type { Rhythm } from "./rhythm";

const weeks = (interval: number): Rhythm => ({ interval, unit: "week" });
const groups = indexGroupRhythms([
  { tag: "Close friends", rhythm: weeks(2) },
  { tag: "Family", rhythm: { interval: 1, unit: "month" } },
  { tag: "Old colleagues", rhythm: { interval: 6, unit: "month" } },
]);

describe("group rhythms", () => {
  it("a person's own rhythm always wins, even over a more frequent group", () => {
    const own = { interval: 3, unit: "month" } as const;
    expect(effectiveRhythm({ own, tags: ["Close friends"], groups })).toEqual({
      rhythm: own,
      source: null,
    });
  });

  it("without one, a contact follows the most frequent rhythm among its groups", () => {
    expect(
      effectiveRhythm({ own: null, tags: ["Old colleagues", "Family", "Close friends"], groups }),
    ).toEqual({ rhythm: weeks(2), source: { tag: "Close friends" } });
    expect(effectiveRhythm({ own: null, tags: ["old colleagues", "FAMILY"], groups })).toEqual({
      rhythm: { interval: 1, unit: "month" },
      source: { tag: "Family" },
    });
  });

  it("compares rhythms in days: 4 weeks is more frequent than a month, 11 months than a year", () => {
    const mixed = indexGroupRhythms([
      { tag: "Monthly", rhythm: { interval: 1, unit: "month" } },
      { tag: "Four weeks", rhythm: weeks(4) },
      { tag: "Yearly", rhythm: { interval: 1, unit: "year" } },
      { tag: "Eleven months", rhythm: { interval: 11, unit: "month" } },
    ]);
    expect(pickGroupRhythm(["Monthly", "Four weeks"], mixed)?.tag).toBe("Four weeks");
    expect(pickGroupRhythm(["Yearly", "Eleven months"], mixed)?.tag).toBe("Eleven months");
    expect(rhythmDays({ interval: 2, unit: "week" })).toBe(14);
  });

  it("breaks a tie of equal days by the tag name, whatever the order of the contact's tags", () => {
    const tied = indexGroupRhythms([
      { tag: "walking club", rhythm: { interval: 7, unit: "day" } },
      { tag: "Book club", rhythm: weeks(1) },
    ]);
    for (const tags of [
      ["walking club", "Book club"],
      ["Book club", "walking club"],
    ]) {
      expect(pickGroupRhythm(tags, tied)?.tag).toBe("Book club");
    }
  });

  it("a group without a rhythm gives none; removing the tag or clearing the group drops it", () => {
    expect(effectiveRhythm({ own: null, tags: ["Neighbours"], groups })).toEqual({
      rhythm: null,
      source: null,
    });
    // The tag taken off the contact: the next group, then none.
    expect(effectiveRhythm({ own: null, tags: ["Family"], groups }).source).toEqual({
      tag: "Family",
    });
    expect(effectiveRhythm({ own: null, tags: [], groups }).rhythm).toBeNull();
    // The group's rhythm cleared.
    const cleared = new Map(groups);
    cleared.delete("close friends");
    expect(effectiveRhythm({ own: null, tags: ["Close friends"], groups: cleared }).rhythm).toBe(
      null,
    );
  });

  it("describes a followed rhythm with its group and reads it back", () => {
    expect(describeEffectiveRhythm(weeks(2), { tag: "Close friends" })).toBe(
      "Every 2 weeks (Close friends)",
    );
    expect(describeEffectiveRhythm(weeks(2), null)).toBe("Every 2 weeks");
    expect(describeEffectiveRhythm(null, null)).toBe("No rhythm");
    expect(splitRhythmSource("Every 2 weeks (Close friends)")).toEqual({
      rhythm: "Every 2 weeks",
      tag: "Close friends",
    });
    expect(splitRhythmSource("Monthly")).toEqual({ rhythm: "Monthly", tag: null });
  });
});
