// One uploaded file from a multipart form, for routes that take images (avatar, feedback).
//
//   await registerUploads(scope, { maxBytes })      // once, inside the feature's plugin scope
//   const { bytes, fileName } = await readFileUpload(request, {
//     maxBytes, tooLargeMessage, missingMessage, field: "file" })
//
// The body is cut off one byte past maxBytes, so an oversized upload is refused with 413 and
// tooLargeMessage without reading the rest into memory. Then pass bytes to reencodeImage
// (lib/images.ts); the file name is only a hint (e.g. for a stored name), never trusted.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";

export async function registerUploads(
  scope: FastifyInstance,
  options: { maxBytes: number },
): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, parts: 11 },
  });
}

/** @fastify/multipart's codes for a form over its limits: an image form has one file. */
const IMAGE_FORM_TOO_LARGE = ["FST_REQ_FILE_TOO_LARGE", "FST_FILES_LIMIT"];

/**
 * What reading a multipart form threw, as the answer: too large (`tooLargeCodes`), or a broken
 * form (no or a wrong boundary, a cut-off part) — the client's request, never a 500.
 */
export function toFormError(
  error: unknown,
  options: { tooLargeMessage: string; tooLargeCodes?: readonly string[]; brokenMessage?: string },
): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code && (options.tooLargeCodes ?? IMAGE_FORM_TOO_LARGE).includes(code)) {
    return new AppError("PAYLOAD_TOO_LARGE", options.tooLargeMessage);
  }
  return new AppError(
    "BAD_REQUEST",
    options.brokenMessage ??
      "The form could not be read. Send it again as a multipart form (multipart/form-data).",
  );
}

export type FileUpload = { bytes: Buffer; fileName: string | null };

export async function readFileUpload(
  request: FastifyRequest,
  options: { maxBytes: number; tooLargeMessage: string; missingMessage: string; field?: string },
): Promise<FileUpload> {
  const field = options.field ?? "file";
  if (!request.isMultipart()) throw new AppError("BAD_REQUEST", options.missingMessage);
  let upload: FileUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === field && !upload) upload = { bytes, fileName: part.filename || null };
    }
  } catch (error) {
    throw toFormError(error, options);
  }
  if (!upload || upload.bytes.byteLength === 0)
    throw new AppError("BAD_REQUEST", options.missingMessage);
  if (upload.bytes.byteLength > options.maxBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", options.tooLargeMessage);
  return upload;
}
