import { describe, expect, it } from "vitest";
import { formatContactCount, formatCount, formatWholeNumber } from "./plural";

describe("formatCount", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(formatContactCount(1)).toBe("1 contact");
    expect(formatContactCount(0)).toBe("0 contacts");
    expect(formatContactCount(2)).toBe("2 contacts");
    expect(formatContactCount(1000)).toBe("1,000 contacts");
    expect(formatCount(1, { one: "row", other: "rows" })).toBe("1 row");
  });
});

describe("formatWholeNumber", () => {
  it("writes thousands separators exactly as en-US's toLocaleString does", () => {
    for (const n of [0, 7, 42, 999, 1000, 1001, 12345, 999999, 1000000, 1234567890, -1234, -5]) {
      expect(formatWholeNumber(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
