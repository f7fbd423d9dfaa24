import { importWithRetry } from "../../../lib/lazy";

// The rhythm's schema (zod) loads when a rhythm form is first used, not with the page: the
// form's first focus starts it, and a submit before it has arrived waits for it.
export function loadRhythmSchema() {
  return importWithRetry(() => import("./rhythm-schema-lazy")).then((m) => m.RhythmSchema);
}
