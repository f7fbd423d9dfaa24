import { describe, expect, it } from "vitest";
import { formatContactCount, formatCount } from "./plural";

describe("formatCount", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(formatContactCount(1)).toBe("1 contact");
    expect(formatContactCount(0)).toBe("0 contacts");
    expect(formatContactCount(2)).toBe("2 contacts");
    expect(formatContactCount(1000)).toBe("1000 contacts");
    expect(formatCount(1, { one: "row", other: "rows" })).toBe("1 row");
  });
});
