import { useQuery } from "@tanstack/react-query";
import type { ImportRecord } from "../../../../core/import/import-api";
import { apiFetch } from "../../../lib/api-client";
import { IMPORTS_KEY } from "./import-form";

export function listImports(): Promise<{ items: ImportRecord[] }> {
  return apiFetch<{ items: ImportRecord[] }>("/api/imports");
}

export function useImports() {
  return useQuery({ queryKey: IMPORTS_KEY, queryFn: listImports });
}
