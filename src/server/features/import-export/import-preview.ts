// What the preview answers: the file's columns and mapping, each row's outcome and what it
// brings, and whether the new contacts fit under the limit (and if not, which would). Built in
// a worker thread from the read file and its plan.
import { CONTACT_LIMIT } from "../../../core/constants";
import {
  defaultFitOrder,
  fitPlan,
  hasContactDates,
  type FitOrder,
  type FittedPlan,
} from "../../../core/import/fit-limit";
import type { ImportPreview } from "../../../core/import/import-api";
import { IMPORT_SOURCE_LABELS } from "../../../core/import/import-fields";
import { phoneText } from "../../../core/phone-numbers";
import { countLeftOut } from "../../../core/import/left-out-summary";
import type { ImportPlan } from "../../../core/import/plan-import";
import type { ReadImport } from "../../../core/import/read-import";
import { describeRow } from "../../../core/import/row-details";

/** The plan as the preview offers it: past the limit, only the new contacts that fit. */
export function offerPlan(
  plan: ImportPlan,
  options: { used: number; order?: FitOrder; keep?: number },
): { fitted: FittedPlan; overLimit: ImportPreview["overLimit"] } {
  // `keep` is the number the user was offered: the commit lands that many, so the rows left for
  // later are the rest of the same offer even if the room has changed since.
  const room = Math.max(0, options.keep ?? CONTACT_LIMIT - options.used);
  if (plan.creates.length <= room) return { fitted: { ...plan, leftOver: [] }, overLimit: null };
  const order = options.order ?? defaultFitOrder(plan);
  const fitted = fitPlan(plan, { room, order });
  return {
    fitted,
    overLimit: {
      order,
      canOrderByRecent: hasContactDates(plan),
      keep: fitted.creates.length,
      leftOver: fitted.leftOver.length,
    },
  };
}

export function toPreview(options: {
  fileName: string | null;
  file: ReadImport;
  plan: ImportPlan;
  /** How many contacts the user has now. */
  used: number;
  order?: FitOrder;
}): ImportPreview {
  const { fileName, file, plan, used } = options;
  const available = Math.max(0, CONTACT_LIMIT - used);
  const { fitted, overLimit } = offerPlan(plan, { used, order: options.order });
  const leftOver = new Set(fitted.leftOver);
  const imported = plan.rows.filter(
    (r) => r.decision && r.decision !== "skip" && !leftOver.has(r.line),
  );
  return {
    fileName,
    source: file.source,
    sourceLabel: IMPORT_SOURCE_LABELS[file.source],
    unit: file.unit,
    headers: file.headers,
    mapping: file.mapping,
    detectedMapping: file.detectedMapping,
    samples: file.samples,
    rows: plan.rows.map((r) => ({
      line: r.line,
      name: r.displayName,
      emails: r.contact?.emails.map((e) => e.value) ?? [],
      phones: r.contact?.phones.map((p) => phoneText(p)) ?? [],
      company: r.contact?.company ?? null,
      tags: r.contact?.tags ?? [],
      details: r.contact ? describeRow(r.contact) : [],
      isLeftOver: leftOver.has(r.line),
      errors: r.errors,
      warnings: r.warnings,
      duplicate: r.duplicate,
      suggested: r.suggested,
      decision: r.decision,
    })),
    summary: fitted.summary,
    capacity: { limit: CONTACT_LIMIT, used, available, fits: plan.creates.length <= available },
    overLimit,
    leftOut: countLeftOut(imported),
    historyCount: file.rows.reduce((n, r) => n + (r.extras.interactions?.length ?? 0), 0),
  };
}
