// Feedback and Support (spec 02 §2, §3, §5, §8): the form's contract and every text of the
// "Submit Feedback" dialog, word for word.
import { z } from "zod";
import { FEEDBACK_IMAGE_MAX_BYTES } from "./constants";

export const FEEDBACK_TYPES = ["feedback", "bug", "feature"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  feedback: "General Feedback",
  bug: "Bug Report",
  feature: "Feature Request",
};

export const FEEDBACK_MESSAGES = {
  title: "Submit Feedback",
  submitting: "Submitting...",
  imageHint: "Supported formats: JPG, PNG, GIF (max 5MB)",
  validationTitle: "Validation Error",
  requiredFields: "Please fill in all required fields",
  loginRequired: "You must be logged in to submit feedback",
  invalidFileTitle: "Invalid file type",
  invalidFile: "Please upload an image file",
  tooLargeTitle: "File too large",
  tooLarge: "Please upload an image smaller than 5MB",
  errorTitle: "Error submitting feedback",
  unexpected: "An unexpected error occurred",
  successTitle: "Thank you for your feedback!",
  success: "We appreciate your input and will review it shortly.",
} as const;

export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_MESSAGE_MAX = 5000;
/** How many of the newest local error-log entries a bug report carries. */
export const FEEDBACK_ERROR_LOG_ENTRIES = 10;
export { FEEDBACK_IMAGE_MAX_BYTES };

const required = (max: number, what: string) =>
  z
    .string({ error: FEEDBACK_MESSAGES.requiredFields })
    .trim()
    .min(1, FEEDBACK_MESSAGES.requiredFields)
    .max(max, `${what} must be at most ${max} characters`)
    .refine((v) => !v.includes("\u0000"), `${what} must not contain NUL characters (\\u0000)`);

export const FeedbackFieldsSchema = z.object({
  feedbackType: z.enum(FEEDBACK_TYPES, { error: "Please choose a feedback type" }),
  subject: required(FEEDBACK_SUBJECT_MAX, "Subject"),
  message: required(FEEDBACK_MESSAGE_MAX, "Message"),
});
export type FeedbackFields = z.infer<typeof FeedbackFieldsSchema>;

const short = (max: number) => z.string().max(max);

export const FeedbackDiagnosticsSchema = z.object({
  browser: short(500),
  appVersion: short(50),
  errorLog: z
    .array(
      z.object({
        timestamp: short(40),
        level: short(10),
        message: short(2000),
        url: short(2000),
      }),
    )
    .max(FEEDBACK_ERROR_LOG_ENTRIES),
});
export type FeedbackDiagnostics = z.infer<typeof FeedbackDiagnosticsSchema>;

export const FeedbackCreatedSchema = z.object({
  id: z.string(),
  imageUrl: z.string().nullable(),
});
export type FeedbackCreated = z.infer<typeof FeedbackCreatedSchema>;
