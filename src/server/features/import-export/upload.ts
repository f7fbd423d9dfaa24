// Receives an import upload on the event loop without parsing it: a multipart form's file (field
// "file", optional JSON field "options") or a JSON body's raw bytes, read in a worker thread
// (upload-body.ts).
import type { FastifyRequest } from "fastify";
import { ImportOptionsSchema, type ImportOptions } from "../../../core/import/import-api";
import { FILE_MESSAGES, type ImportFileError } from "../../../core/import/read-file";
import { AppError } from "../../lib/app-error";
import { toFormError } from "../../lib/file-upload";
import { CHOOSE_FILE, cleanFileName, type Upload, type UploadProblem } from "./upload-body";

const FILE_ERROR_CODES = {
  TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_ROWS: "LIMIT_REACHED",
  TOO_MANY_COLUMNS: "LIMIT_REACHED",
  LINE_TOO_LONG: "LIMIT_REACHED",
  CELL_TOO_LONG: "LIMIT_REACHED",
  NOT_TEXT: "UNSUPPORTED_MEDIA_TYPE",
  SPREADSHEET: "UNSUPPORTED_MEDIA_TYPE",
  ENCODING: "UNSUPPORTED_MEDIA_TYPE",
} as const;

/** A file problem found in a worker: the file's own codes, or an upload that could not be opened. */
export type TaskProblem =
  | { kind: "file"; code: ImportFileError["code"]; message: string }
  | ({ kind: "upload" } & UploadProblem);

/** A problem from a worker as the error the user sees. */
export function toUploadError(problem: TaskProblem): AppError {
  if (problem.kind === "upload") return new AppError(problem.code, problem.message, problem.fields);
  const code = FILE_ERROR_CODES[problem.code as keyof typeof FILE_ERROR_CODES] ?? "BAD_REQUEST";
  return new AppError(code, problem.message);
}

function parseOptions(text: string): ImportOptions {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The import options could not be read.");
  }
  const parsed = ImportOptionsSchema.safeParse(json);
  if (!parsed.success) throw new AppError("BAD_REQUEST", "The import options could not be read.");
  return parsed.data;
}

async function readMultipart(request: FastifyRequest): Promise<Upload> {
  let bytes: Uint8Array | null = null;
  let fileName: string | null = null;
  let options: ImportOptions = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const read = await part.toBuffer();
        // Over the size limit the stream stops early, and the upload is refused as too large.
        if (part.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", FILE_MESSAGES.TOO_LARGE);
        if (part.fieldname === "file" && !bytes) {
          bytes = read;
          fileName = part.filename || null;
        }
      } else if (part.fieldname === "options" && typeof part.value === "string") {
        options = parseOptions(part.value);
      }
    }
  } catch (error) {
    // Two files is a broken import form (400), not a too-large one: only size and parts count.
    throw toFormError(error, {
      tooLargeMessage: FILE_MESSAGES.TOO_LARGE,
      tooLargeCodes: ["FST_REQ_FILE_TOO_LARGE", "FST_PARTS_LIMIT"],
      brokenMessage:
        "The upload could not be read. Send the file again as a multipart form (field “file”).",
    });
  }
  if (!bytes) throw new AppError("BAD_REQUEST", CHOOSE_FILE);
  return { kind: "file", bytes, fileName: cleanFileName(fileName), options };
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (request.isMultipart()) return readMultipart(request);
  const body: unknown = request.body;
  if (!Buffer.isBuffer(body)) throw new AppError("BAD_REQUEST", CHOOSE_FILE);
  return { kind: "json", bytes: body };
}
