import { useMutation } from "@tanstack/react-query";
import type { FeedbackCreated, FeedbackDiagnostics, FeedbackType } from "../../../../core/feedback";
import { apiFetch } from "../../../lib/api-client";

export type FeedbackRequest = {
  feedbackType: FeedbackType;
  subject: string;
  message: string;
  image: File | null;
  /** Only when the user ticked the consent box on a bug report. */
  diagnostics: FeedbackDiagnostics | null;
};

export function submitFeedback(request: FeedbackRequest): Promise<FeedbackCreated> {
  const form = new FormData();
  form.append("feedbackType", request.feedbackType);
  form.append("subject", request.subject);
  form.append("message", request.message);
  if (request.diagnostics) form.append("diagnostics", JSON.stringify(request.diagnostics));
  if (request.image) form.append("image", request.image, request.image.name);
  return apiFetch<FeedbackCreated>("/api/feedback", { method: "POST", body: form });
}

// A feedback item is not sent twice: a retried POST could store it twice.
export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback, retry: false });
}
