import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UndoResult } from "../../../../core/import/import-api";
import { apiFetch } from "../../../lib/api-client";
import { IMPORTS_KEY } from "./import-form";

export function undoImport(id: string): Promise<UndoResult> {
  return apiFetch<UndoResult>(`/api/imports/${id}/undo`, { method: "POST" });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    // No retry: a second attempt after a lost answer would only say "already undone".
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["contacts"] }),
        queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
      ]);
    },
  });
}
