// Reads an import upload: a multipart form (field "file", optional JSON field "options") or a
// JSON body with the file's text. Either way: bytes, a file name and the user's choices.
import type { FastifyRequest } from "fastify";
import {
  ImportOptionsSchema,
  type ImportOptions,
  type ImportUpload,
} from "../../../core/import/import-api";
import {
  FILE_MESSAGES,
  IMPORT_MAX_BYTES,
  type ImportFileError,
} from "../../../core/import/read-file";
import { AppError } from "../../lib/app-error";

export type Upload = { bytes: Uint8Array; fileName: string | null; options: ImportOptions };

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

/** A file problem (from reading the file in a worker) as the error the user sees. */
export function toFileError(problem: { code: ImportFileError["code"]; message: string }): AppError {
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

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_PARTS_LIMIT";
}

async function readMultipart(request: FastifyRequest): Promise<Upload> {
  let bytes: Uint8Array | null = null;
  let fileName: string | null = null;
  let options: ImportOptions = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const buffer = await part.toBuffer();
        if (part.fieldname === "file" && !bytes) {
          bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
          fileName = part.filename || null;
        }
      } else if (part.fieldname === "options" && typeof part.value === "string") {
        options = parseOptions(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isTooLarge(error)) throw new AppError("PAYLOAD_TOO_LARGE", FILE_MESSAGES.TOO_LARGE);
    // A broken form (no boundary, a cut-off part): the client's request, not our fault.
    throw new AppError(
      "BAD_REQUEST",
      "The upload could not be read. Send the file again as a multipart form (field “file”).",
    );
  }
  if (!bytes) throw new AppError("BAD_REQUEST", "Choose a file to import.");
  return { bytes, fileName: cleanFileName(fileName), options };
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

export async function readUpload(
  request: FastifyRequest,
  body: ImportUpload | null | undefined,
): Promise<Upload> {
  if (request.isMultipart()) return readMultipart(request);
  if (!body) throw new AppError("BAD_REQUEST", "Choose a file to import.");
  const bytes = new TextEncoder().encode(body.content);
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", FILE_MESSAGES.TOO_LARGE);
  const { content: _content, fileName, ...options } = body;
  return { bytes, fileName: cleanFileName(fileName), options };
}
