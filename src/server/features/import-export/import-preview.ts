// What the preview answers: the file's columns and mapping, each row's outcome, and whether the
// new contacts fit under the limit. Built in a worker thread from the read file and its plan.
import { CONTACT_LIMIT } from "../../../core/constants";
import type { ImportPreview } from "../../../core/import/import-api";
import { IMPORT_SOURCE_LABELS } from "../../../core/import/import-fields";
import type { ImportPlan } from "../../../core/import/plan-import";
import type { ReadImport } from "../../../core/import/read-import";

export function toPreview(options: {
  fileName: string | null;
  file: ReadImport;
  plan: ImportPlan;
  /** How many contacts the user has now. */
  used: number;
}): ImportPreview {
  const { fileName, file, plan, used } = options;
  const available = Math.max(0, CONTACT_LIMIT - used);
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
      phones: r.contact?.phones.map((p) => p.value) ?? [],
      company: r.contact?.company ?? null,
      tags: r.contact?.tags ?? [],
      errors: r.errors,
      duplicate: r.duplicate,
      suggested: r.suggested,
      decision: r.decision,
    })),
    summary: plan.summary,
    capacity: { limit: CONTACT_LIMIT, used, available, fits: plan.creates.length <= available },
    historyCount: file.rows.reduce((n, r) => n + (r.extras.interactions?.length ?? 0), 0),
  };
}
