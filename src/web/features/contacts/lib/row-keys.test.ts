import { describe, expect, it } from "vitest";
import { assignRowKeys } from "./row-keys";

const keysOf = (map: Map<string, number>, ids: string[]) => ids.map((id) => map.get(id));

describe("the contact list's row keys", () => {
  it("numbers the first rows from 0", () => {
    expect(keysOf(assignRowKeys(new Map(), ["a", "b", "c"]), ["a", "b", "c"])).toEqual([0, 1, 2]);
  });

  it("keeps a contact's key when the order changes", () => {
    const first = assignRowKeys(new Map(), ["a", "b", "c"]);
    const reordered = assignRowKeys(first, ["c", "a", "b"]);
    expect(keysOf(reordered, ["a", "b", "c"])).toEqual([0, 1, 2]);
  });

  it("gives a contact coming into view the key of the one that left the same place", () => {
    const first = assignRowKeys(new Map(), ["a", "b", "c", "d"]);
    const next = assignRowKeys(first, ["x", "b", "y", "d", "z"]);
    expect(keysOf(next, ["x", "b", "y", "d", "z"])).toEqual([0, 1, 2, 3, 4]);
    // A search that keeps "d" and moves it up: the new contacts take the free keys in place,
    // then the lowest left over.
    const searched = assignRowKeys(first, ["d", "x", "y"]);
    expect(keysOf(searched, ["d", "x", "y"])).toEqual([3, 1, 2]);
  });

  it("gives the lowest free key when the same place's key is taken or there was none", () => {
    const first = assignRowKeys(new Map(), ["a", "b", "c"]);
    const next = assignRowKeys(first, ["c", "x", "y", "z", "w"]);
    expect(keysOf(next, ["c", "x", "y", "z", "w"])).toEqual([2, 1, 0, 3, 4]);
  });

  it("never gives one key to two contacts on screen", () => {
    let keys = new Map<string, number>();
    const steps = [
      ["a", "b", "c", "d"],
      ["d", "e", "f"],
      ["g", "h", "i", "j", "k", "d"],
      ["a"],
      ["b", "c", "a", "l", "m", "n", "o"],
    ];
    for (const ids of steps) {
      keys = assignRowKeys(keys, ids);
      expect(new Set(keysOf(keys, ids)).size).toBe(ids.length);
      expect([...keys.keys()]).toEqual(ids);
      expect(keysOf(keys, ids).every((key) => key !== undefined && key >= 0)).toBe(true);
    }
  });

  it("does not give the focused row's key to another contact when its contact leaves", () => {
    const first = assignRowKeys(new Map(), ["a", "b", "c"]);
    const next = assignRowKeys(first, ["b", "c", "x"], "a");
    expect(next.get("x")).not.toBe(first.get("a"));
    expect(keysOf(next, ["b", "c", "x"])).toEqual([1, 2, 3]);
    expect(next.has("a")).toBe(false);
    // Other rows that left are reused as usual.
    const later = assignRowKeys(first, ["y", "c"], "a");
    expect(keysOf(later, ["y", "c"])).toEqual([1, 2]);
  });

  it("keeps the focused contact's own key while it stays on screen", () => {
    const first = assignRowKeys(new Map(), ["a", "b"]);
    expect(assignRowKeys(first, ["x", "a"], "a").get("a")).toBe(0);
  });
});
