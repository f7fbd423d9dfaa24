import { useMutation } from "@tanstack/react-query";
import { apiFetchWithHeaders } from "../../../lib/api-client";
import { toImportForm, type ImportRequest } from "./import-form";

export type LeftOverDownload = { fileName: string; type: string; content: string };

/** The rows a preview leaves past the contact limit, as the server writes them (nothing saved). */
export async function downloadLeftOver(request: ImportRequest): Promise<LeftOverDownload> {
  const { data, headers } = await apiFetchWithHeaders<string>("/api/imports/left-over", {
    method: "POST",
    body: toImportForm(request),
    responseType: "text",
  });
  const disposition = headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "contacts-left-for-later.csv";
  const type = headers.get("content-type") ?? "text/plain";
  // Reading the answer as text drops the byte-order mark the server wrote; Excel needs it to
  // read a CSV's accented names as UTF-8.
  const content =
    type.startsWith("text/csv") && !data.startsWith("\uFEFF") ? `\uFEFF${data}` : data;
  return { fileName, type, content };
}

function saveFile({ fileName, type, content }: LeftOverDownload) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadLeftOver() {
  return useMutation({ mutationFn: downloadLeftOver, retry: false, onSuccess: saveFile });
}
