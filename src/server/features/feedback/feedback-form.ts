// Reads the "Submit Feedback" form (multipart): type, subject, message, a bug report's consented
// diagnostics (JSON) and an optional image. Text fields are checked before the image is decoded;
// the image's bytes are only ever handed to reencodeImage (lib/images.ts).
import type { FastifyRequest } from "fastify";
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MESSAGES,
  FeedbackDiagnosticsSchema,
  FeedbackFieldsSchema,
  type FeedbackDiagnostics,
  type FeedbackFields,
} from "../../../core/feedback";
import { AppError } from "../../lib/app-error";
import { toFormError } from "../../lib/file-upload";

export type FeedbackForm = FeedbackFields & {
  diagnostics: FeedbackDiagnostics | null;
  image: { bytes: Buffer; fileName: string | null } | null;
};

const TEXT_FIELDS = new Set(["feedbackType", "subject", "message", "diagnostics"]);

function parseDiagnostics(raw: string | undefined): FeedbackDiagnostics | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_REQUEST", "The diagnostics sent with the report are not readable.");
  }
  const parsed = FeedbackDiagnosticsSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "The diagnostics sent with the report are not readable.");
  return parsed.data;
}

export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  if (!request.isMultipart()) throw new AppError("BAD_REQUEST", FEEDBACK_MESSAGES.requiredFields);
  const fields: Record<string, string> = {};
  let image: FeedbackForm["image"] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "image" && !image && bytes.byteLength > 0)
          image = { bytes, fileName: part.filename || null };
      } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw toFormError(error, { tooLargeMessage: FEEDBACK_MESSAGES.tooLarge });
  }
  const parsed = FeedbackFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("BAD_REQUEST", issue.message, { [String(issue.path[0])]: issue.message });
  }
  if (image && image.bytes.byteLength > FEEDBACK_IMAGE_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", FEEDBACK_MESSAGES.tooLarge);
  // Only a bug report carries diagnostics, and only when the dialog sent them (consent).
  const diagnostics =
    parsed.data.feedbackType === "bug" ? parseDiagnostics(fields.diagnostics) : null;
  return { ...parsed.data, diagnostics, image };
}
