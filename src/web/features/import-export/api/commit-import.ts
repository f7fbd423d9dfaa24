import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResult } from "../../../../core/import/import-api";
import { apiFetch } from "../../../lib/api-client";
import { IMPORTS_KEY, toImportForm, type ImportRequest } from "./import-form";

export function commitImport(request: ImportRequest): Promise<ImportResult> {
  return apiFetch<ImportResult>("/api/imports", { method: "POST", body: toImportForm(request) });
}

// No retry: a timeout after the commit would otherwise import the file twice.
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["contacts"] }),
        queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
      ]);
    },
  });
}
