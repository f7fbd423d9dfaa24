import { useMutation } from "@tanstack/react-query";
import type { ImportPreview } from "../../../../core/import/import-api";
import { apiFetch } from "../../../lib/api-client";
import { toImportForm, type ImportRequest } from "./import-form";

// A dry run: nothing is written. It is a mutation (POST with a file), not a cached query.
export function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return apiFetch<ImportPreview>("/api/imports/preview", {
    method: "POST",
    body: toImportForm(request),
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport, retry: false });
}
