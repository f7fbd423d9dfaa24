// The import's state in the browser: the chosen file, the mapping and per-row choices (each
// change asks the server for a new dry run), strict mode, and the committed result.
import { useState } from "react";
import type { ImportPreview, ImportResult } from "../../../../core/import/import-api";
import type { ColumnMapping } from "../../../../core/import/import-fields";
import type { RowDecision, RowDecisions } from "../../../../core/import/plan-import";
import { FILE_MESSAGES, IMPORT_MAX_BYTES } from "../../../../core/import/read-file";
import { errorMessage } from "../../../lib/api-client";
import { useCommitImport } from "../api/commit-import";
import { usePreviewImport } from "../api/preview-import";

export function useImportWizard() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [decisions, setDecisions] = useState<RowDecisions>({});
  const [isStrict, setIsStrict] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const previewing = usePreviewImport();
  const committing = useCommitImport();

  function runPreview(next: {
    file: File;
    mapping: ColumnMapping | null;
    decisions: RowDecisions;
  }) {
    previewing.mutate(
      { file: next.file, options: { mapping: next.mapping, decisions: next.decisions } },
      {
        onSuccess: (data) => {
          setPreview(data);
          setFileError(null);
        },
        onError: (error) => {
          setFileError(errorMessage(error));
          // A refused file leaves nothing to show; a failed re-preview keeps the last one.
          if (!preview || next.mapping === null) setPreview(null);
        },
      },
    );
  }

  function chooseFile(chosen: File) {
    setResult(null);
    setDecisions({});
    setPreview(null);
    committing.reset();
    // The server says the same; saying it here spares uploading 10 MB for nothing.
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(FILE_MESSAGES.TOO_LARGE);
      return;
    }
    setFile(chosen);
    runPreview({ file: chosen, mapping: null, decisions: {} });
  }

  function changeMapping(mapping: ColumnMapping) {
    if (file) runPreview({ file, mapping, decisions });
  }

  function changeDecision(line: number, decision: RowDecision) {
    const next = { ...decisions, [String(line)]: decision };
    setDecisions(next);
    if (file && preview) runPreview({ file, mapping: preview.mapping, decisions: next });
  }

  function commit() {
    if (!file || !preview) return;
    committing.mutate(
      { file, options: { mapping: preview.mapping, decisions, strict: isStrict } },
      { onSuccess: (data) => setResult(data) },
    );
  }

  function startOver() {
    setFile(null);
    setPreview(null);
    setDecisions({});
    setResult(null);
    setFileError(null);
    committing.reset();
  }

  return {
    file,
    preview,
    isStrict,
    setIsStrict,
    fileError,
    result,
    isPreviewing: previewing.isPending,
    isCommitting: committing.isPending,
    commitError: committing.error ? errorMessage(committing.error) : null,
    chooseFile,
    changeMapping,
    changeDecision,
    commit,
    startOver,
  };
}
