// An import request as the browser sends it: the file itself plus the choices as JSON.
import type { ImportOptions } from "../../../../core/import/import-api";

export type ImportRequest = { file: File; options: ImportOptions };

export function toImportForm({ file, options }: ImportRequest): FormData {
  const form = new FormData();
  // Options first: the server reads them before the file.
  form.append("options", JSON.stringify(options));
  form.append("file", file, file.name);
  return form;
}

export const IMPORTS_KEY = ["imports"] as const;
