import { describe, expect, it } from "vitest";
import { defaultFitOrder, fitPlan } from "./fit-limit";
import type { ColumnMapping } from "./import-fields";
import { mapRow } from "./map-row";
import { planImport } from "./plan-import";

const now = new Date("2025-06-01T12:00:00Z");
const headers = ["Name", "Email", "Last contacted"];
const mapping: ColumnMapping = ["fullName", "email", "lastContactedAt"];

function planOf(rows: string[][]) {
  return planImport({
    rows: rows.map((cells, i) => mapRow({ headers, mapping, row: { line: i + 2, cells }, now })),
    existing: [],
  });
}

describe("fitting an import under the contact limit", () => {
  const plan = planOf([
    ["Ada Lovelace", "ada@example.com", ""],
    ["Grace Hopper", "grace@example.com", "2025-01-10"],
    ["Grace B. Hopper", "grace@example.com", ""],
    ["Alan Turing", "alan@example.com", "2024-03-01"],
  ]);

  it("keeps the first that fit in file order, leaving later ones with the rows merged into them", () => {
    const fitted = fitPlan(plan, { room: 1, order: "file" });
    expect(fitted.creates.map((c) => c.lines)).toEqual([[2]]);
    expect(fitted.leftOver).toEqual([3, 4, 5]);
    expect(fitted.summary).toMatchObject({ create: 1, merge: 0, leftOver: 3 });
  });

  it("keeps the most recently contacted first, undated last, in file order", () => {
    expect(defaultFitOrder(plan)).toBe("recent");
    const fitted = fitPlan(plan, { room: 2, order: "recent" });
    expect(fitted.creates.map((c) => c.lines)).toEqual([[3, 4], [5]]);
    expect(fitted.leftOver).toEqual([2]);
    expect(fitted.summary).toMatchObject({ create: 2, merge: 1, leftOver: 1 });
  });

  it("leaves a plan that fits as it is", () => {
    const fitted = fitPlan(plan, { room: 3, order: "file" });
    expect(fitted.creates).toHaveLength(3);
    expect(fitted.leftOver).toEqual([]);
    expect(defaultFitOrder(planOf([["Ada", "ada@example.com", ""]]))).toBe("file");
  });
});
