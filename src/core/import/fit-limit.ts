// An import that would pass the contact limit: which new contacts fit (the first in the file, or
// the most recently contacted when the file says), and which rows are left for later.
import { z } from "zod";
import type { ImportPlan, PlannedCreate } from "./plan-import";

export const FIT_ORDERS = ["file", "recent"] as const;
export const FitOrderSchema = z.enum(FIT_ORDERS);
export type FitOrder = z.infer<typeof FitOrderSchema>;

export type FittedPlan = ImportPlan & {
  /** The lines of the new contacts that did not fit, in file order. */
  leftOver: number[];
};

function latestContact(create: PlannedCreate): string {
  return create.extras.reduce((latest, e) => {
    const at = e.lastContactedAt ?? "";
    return at > latest ? at : latest;
  }, "");
}

/** Whether the new contacts say when they were last contacted, so "most recent" means something. */
export function hasContactDates(plan: ImportPlan): boolean {
  return plan.creates.some((c) => latestContact(c) !== "");
}

/** The order a preview offers by default: most recently contacted when the file says. */
export function defaultFitOrder(plan: ImportPlan): FitOrder {
  return hasContactDates(plan) ? "recent" : "file";
}

/**
 * Keeps `room` of the plan's new contacts and leaves the rest (with any rows merged into them)
 * for later; merges into existing contacts take no room and all stay.
 */
export function fitPlan(plan: ImportPlan, options: { room: number; order: FitOrder }): FittedPlan {
  const room = Math.max(0, options.room);
  if (plan.creates.length <= room) return { ...plan, leftOver: [] };
  const ranked = plan.creates.map((create, index) => ({
    create,
    index,
    at: latestContact(create),
  }));
  // Array.prototype.sort is stable, so undated contacts and ties keep their file order.
  if (options.order === "recent") ranked.sort((a, b) => (a.at === b.at ? 0 : a.at > b.at ? -1 : 1));
  const kept = new Set(ranked.slice(0, room).map((r) => r.index));
  const creates = plan.creates.filter((_, index) => kept.has(index));
  const leftOver = plan.creates
    .filter((_, index) => !kept.has(index))
    .flatMap((c) => c.lines)
    .sort((a, b) => a - b);
  const dropped = new Set(leftOver);
  const merged = plan.rows.filter((r) => r.decision === "merge" && !dropped.has(r.line));
  return {
    ...plan,
    creates,
    leftOver,
    summary: {
      ...plan.summary,
      create: creates.length,
      merge: merged.length,
      leftOver: leftOver.length,
    },
  };
}
