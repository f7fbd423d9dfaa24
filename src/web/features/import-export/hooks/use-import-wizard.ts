// The import's state in the browser: the chosen file, the mapping and per-row choices (each
// change asks the server for a new dry run), strict mode, and the committed result.
import { useState } from "react";
import type { FitOrder } from "../../../../core/import/fit-limit";
import type { ImportPreview, ImportResult } from "../../../../core/import/import-api";
import type { ColumnMapping } from "../../../../core/import/import-fields";
import type { RowDecision, RowDecisions } from "../../../../core/import/plan-import";
import { FILE_MESSAGES, IMPORT_MAX_BYTES } from "../../../../core/import/read-file";
import { errorMessage } from "../../../lib/api-client";
import { useCommitImport } from "../api/commit-import";
import { useDownloadLeftOver } from "../api/download-left-over";
import { usePreviewImport } from "../api/preview-import";

export function useImportWizard() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [decisions, setDecisions] = useState<RowDecisions>({});
  // Past the contact limit: which new contacts to keep; the server offers a default.
  const [fitOrder, setFitOrder] = useState<FitOrder | null>(null);
  const [isStrict, setIsStrict] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const previewing = usePreviewImport();
  const committing = useCommitImport();
  const downloading = useDownloadLeftOver();

  function runPreview(next: {
    file: File;
    mapping: ColumnMapping | null;
    decisions: RowDecisions;
    order?: FitOrder | null;
  }) {
    const order = next.order === undefined ? fitOrder : next.order;
    previewing.mutate(
      {
        file: next.file,
        options: {
          mapping: next.mapping,
          decisions: next.decisions,
          ...(order ? { fit: { order } } : {}),
        },
      },
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
    setFitOrder(null);
    setPreview(null);
    committing.reset();
    downloading.reset();
    // The server says the same; saying it here spares uploading 10 MB for nothing.
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(FILE_MESSAGES.TOO_LARGE);
      return;
    }
    setFile(chosen);
    runPreview({ file: chosen, mapping: null, decisions: {}, order: null });
  }

  function changeMapping(mapping: ColumnMapping) {
    if (file) runPreview({ file, mapping, decisions });
  }

  function changeDecision(line: number, decision: RowDecision) {
    const next = { ...decisions, [String(line)]: decision };
    setDecisions(next);
    if (file && preview) runPreview({ file, mapping: preview.mapping, decisions: next });
  }

  function changeFitOrder(order: FitOrder) {
    setFitOrder(order);
    if (file && preview) runPreview({ file, mapping: preview.mapping, decisions, order });
  }

  // The same choices as the preview on screen, so the file holds exactly the rows it lists.
  function currentOptions(current: ImportPreview) {
    const fit = current.overLimit
      ? { order: current.overLimit.order, keep: current.overLimit.keep }
      : undefined;
    return { mapping: current.mapping, decisions, ...(fit ? { fit } : {}) };
  }

  function downloadLeftOver() {
    if (file && preview) downloading.mutate({ file, options: currentOptions(preview) });
  }

  function commit() {
    if (!file || !preview) return;
    committing.mutate(
      { file, options: { ...currentOptions(preview), strict: isStrict } },
      { onSuccess: (data) => setResult(data) },
    );
  }

  function startOver() {
    setFile(null);
    setPreview(null);
    setDecisions({});
    setFitOrder(null);
    setResult(null);
    setFileError(null);
    committing.reset();
    downloading.reset();
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
    fitOrder,
    isDownloading: downloading.isPending,
    downloadError: downloading.error ? errorMessage(downloading.error) : null,
    changeFitOrder,
    downloadLeftOver,
    chooseFile,
    changeMapping,
    changeDecision,
    commit,
    startOver,
  };
}
