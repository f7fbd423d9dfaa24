import { describe, expect, it } from "vitest";
import { ByteBudgetMap } from "./byte-budget-map";

describe("ByteBudgetMap", () => {
  it("drops the least recently used values beyond the budget, the newest last", () => {
    const map = new ByteBudgetMap<string>(10);
    map.set("a", "A", 4);
    map.set("b", "B", 4);
    map.touch("a");
    map.set("c", "C", 4);
    expect([map.peek("a"), map.peek("b"), map.peek("c")]).toEqual(["A", undefined, "C"]);
    expect(map.size).toBe(8);
    // One value over the budget on its own goes too.
    map.set("d", "D", 11);
    expect([map.peek("a"), map.peek("c"), map.peek("d")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(map.size).toBe(0);
  });

  it("replaces a key's value and counts its new size", () => {
    const map = new ByteBudgetMap<string>(10);
    map.set("a", "A", 4);
    map.set("a", "A2", 6);
    expect(map.peek("a")).toBe("A2");
    expect(map.size).toBe(6);
    map.set("b", "B", 3);
    map.resize("a", 8);
    // Over budget: "a" is the least recently used.
    expect([map.peek("a"), map.peek("b")]).toEqual([undefined, "B"]);
    expect(map.size).toBe(3);
    map.delete("b");
    expect(map.size).toBe(0);
  });
});
