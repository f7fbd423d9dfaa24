// An import upload as it arrives (a multipart file with its form fields, or the raw bytes of a
// JSON body) and opening it: the file's pieces are joined and the JSON body is parsed and checked
// here, in a worker thread (import-tasks.ts), so the event loop never copies a whole file into
// one buffer (decision 236) nor runs a 10 MB body through JSON.parse.
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

/** An upload as received: its bytes still in the pieces they arrived in, in order. */
export type Upload = UploadHead & { chunks: Uint8Array[] };

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

/**
 * Bytes of an upload per message to the worker. A clone is written into memory the allocator hands
 * out for it: up to ~128 KB that is memory it reuses, already touched; a 1 MB message was fresh
 * memory every time (decision 236: 10 MB in pages of 1 MB cost 57 ms of the event loop, in pages
 * of 128 KB 8 ms).
 */
const UPLOAD_PAGE_BYTES = 128 * 1024;

/**
 * The pieces in groups of up to UPLOAD_PAGE_BYTES (a larger piece alone), one group per message:
 * counted in bytes, so a client that trickles its upload in tiny reads does not make one message,
 * and one turn of the event loop, of each read.
 */
export function groupPieces(chunks: readonly Uint8Array[]): Uint8Array[][] {
  const groups: Uint8Array[][] = [];
  let group: Uint8Array[] = [];
  let bytes = 0;
  for (const chunk of chunks) {
    if (group.length > 0 && bytes + chunk.byteLength > UPLOAD_PAGE_BYTES) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(chunk);
    bytes += chunk.byteLength;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

export function openUpload({ chunks, ...upload }: Upload): OpenedUpload {
  const joined = Buffer.concat(chunks);
  const body = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
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
