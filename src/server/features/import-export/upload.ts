// Receives an import upload on the event loop without parsing it or joining it into one buffer:
// a multipart form's file (field "file", optional JSON field "options") and a JSON body are both
// kept in the pieces they arrive in, then joined and read in a worker thread (upload-body.ts,
// decision 236).
import type { Readable } from "node:stream";
import { errorCodes, type FastifyRequest } from "fastify";
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

/**
 * A file part's bytes in the pieces they arrived in. Joining them here, as the part's `toBuffer()`
 * does, was 40–60 ms of the event loop per 5 MB file on a host slow to hand out fresh memory.
 * Over the size limit the stream stops early (truncated), and the upload is refused as too large.
 */
async function readChunks(file: AsyncIterable<Buffer> & { truncated: boolean }) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file) chunks.push(chunk);
  if (file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", FILE_MESSAGES.TOO_LARGE);
  return chunks;
}

async function readMultipart(request: FastifyRequest): Promise<Upload> {
  let chunks: Uint8Array[] | null = null;
  let fileName: string | null = null;
  let options: ImportOptions = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const read = await readChunks(part.file);
        if (part.fieldname === "file" && !chunks) {
          chunks = read;
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
  if (!chunks) throw new AppError("BAD_REQUEST", CHOOSE_FILE);
  return { kind: "file", chunks, fileName: cleanFileName(fileName), options };
}

/**
 * The import routes' content-type parser for JSON: the body in the pieces it arrived in, as
 * `readUpload` wants it (Fastify's buffer parser would join them on the event loop). It refuses
 * what that parser refuses: a body over the route's limit (413), or not of its declared length.
 * A compressed body arrives through @fastify/compress's decompressor, which counts the bytes sent
 * (`receivedEncodedLength`): the limit holds for both sizes, and the declared length is the sent.
 */
export function collectBody(
  request: FastifyRequest,
  payload: Readable & { receivedEncodedLength?: number },
  done: (error: Error | null, body?: Buffer[]) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit!;
  const declared = Number(request.headers["content-length"]);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = () => {
    payload.off("data", onData);
    payload.off("end", onEnd);
    payload.off("error", onEnd);
  };
  function onData(bytes: Buffer) {
    received += bytes.byteLength;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    chunks.push(bytes);
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    stop();
    if (error) {
      // A body cut off or broken on its way is the client's request, not a server fault.
      if (!(typeof error.statusCode === "number" && error.statusCode >= 400))
        error.statusCode = 400;
      done(error);
    } else if (
      !Number.isNaN(declared) &&
      (payload.receivedEncodedLength || received) !== declared
    ) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    } else {
      done(null, chunks);
    }
  }
  payload.on("data", onData);
  payload.on("end", onEnd);
  payload.on("error", onEnd);
  payload.resume();
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (request.isMultipart()) return readMultipart(request);
  const body: unknown = request.body;
  if (!Array.isArray(body)) throw new AppError("BAD_REQUEST", CHOOSE_FILE);
  return { kind: "json", chunks: body as Buffer[] };
}
