// An import upload as it arrives (a multipart file with its form fields, or the raw bytes of a
// JSON body) and opening it: the JSON body is parsed and checked here, in a worker thread
// (import-tasks.ts), so a hostile 10 MB body never runs through JSON.parse on the event loop.
import {
  ImportUploadSchema,
  type ImportOptions,
  type ImportUpload,
} from "../../../core/import/import-api";
import { FILE_MESSAGES, IMPORT_MAX_BYTES } from "../../../core/import/read-file";

/** What an upload is, without its bytes. */
export type UploadHead =
  | { kind: "file"; fileName: string | null; options: ImportOptions }
  /** A JSON body (`ImportUploadSchema`). */
  | { kind: "json" };

/** An upload as received: its bytes, not yet read. */
export type Upload = UploadHead & { bytes: Uint8Array };

/** An upload ready to read: the file's bytes, its name, the user's choices. */
export type OpenedUpload = { bytes: Uint8Array; fileName: string | null; options: ImportOptions };

/** Why an upload could not be opened; crosses back from the worker as data. */
export type UploadProblem = {
  code: "BAD_REQUEST" | "PAYLOAD_TOO_LARGE";
  message: string;
  fields?: Record<string, string>;
};

export class UploadError extends Error {
  readonly problem: UploadProblem;
  constructor(problem: UploadProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

/** A file name fit to show and store: no control characters (NUL included), at most 255. */
export function cleanFileName(name: string | null | undefined): string | null {
  const cleaned = (name ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return cleaned || null;
}

export const CHOOSE_FILE = "Choose a file to import.";

const NOT_JSON =
  "The upload could not be read: send JSON with the file's text in “content”, or the file itself as a multipart form (field “file”).";

// Worded as the API's other validation answers ("Please check your input. field: message").
function checkBody(json: unknown): ImportUpload {
  const parsed = ImportUploadSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  const summary = Object.entries(fields)
    .map(([key, message]) => `${key}: ${message}`)
    .join("; ");
  throw new UploadError({
    code: "BAD_REQUEST",
    message: `Please check your input. ${summary}`,
    fields,
  });
}

function parseJsonBody(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new UploadError({ code: "BAD_REQUEST", message: NOT_JSON });
  }
}

export function openUpload({ bytes: body, ...upload }: Upload): OpenedUpload {
  if (upload.kind === "file")
    return { bytes: body, fileName: upload.fileName, options: upload.options };
  if (body.length === 0) throw new UploadError({ code: "BAD_REQUEST", message: NOT_JSON });
  const json = parseJsonBody(body);
  if (json === null) throw new UploadError({ code: "BAD_REQUEST", message: CHOOSE_FILE });
  const { content, fileName, ...options } = checkBody(json);
  const bytes = new TextEncoder().encode(content);
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new UploadError({ code: "PAYLOAD_TOO_LARGE", message: FILE_MESSAGES.TOO_LARGE });
  return { bytes, fileName: cleanFileName(fileName), options };
}
