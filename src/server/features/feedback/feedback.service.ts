// Storing feedback (spec 02 §3, §7): the image re-encoded into the feedback_attachments bucket
// first, then the row and a mail to SUPPORT_EMAIL in one transaction; a failed transaction
// removes the stored image again, so nothing is left half-written.
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MESSAGES } from "../../../core/feedback";
import type { Db } from "../../db/client";
import { feedback } from "../../db/schema/index";
import { reencodeImage } from "../../lib/images";
import { feedbackAttachmentKey, fileUrl, type Storage } from "../../lib/storage/storage";
import { enqueue, mailRow } from "../outbox/outbox.public";
import type { FeedbackForm } from "./feedback-form";
import { feedbackMail } from "./feedback-mail";

export type FeedbackDeps = {
  db: Db;
  storage: Storage;
  supportEmail: string;
  appName: string;
  now: Date;
  kickOutbox: () => void;
};

export type FeedbackAuthor = { id: string; email: string; name: string };

export async function submitFeedback(
  deps: FeedbackDeps,
  author: FeedbackAuthor,
  form: FeedbackForm,
): Promise<{ id: string; imageUrl: string | null }> {
  let stored: { key: string; url: string } | null = null;
  if (form.image) {
    const image = await reencodeImage(form.image.bytes, {
      maxBytes: FEEDBACK_IMAGE_MAX_BYTES,
      format: "webp",
      messages: { notImage: FEEDBACK_MESSAGES.invalidFile, tooLarge: FEEDBACK_MESSAGES.tooLarge },
    });
    const key = feedbackAttachmentKey(
      author.id,
      deps.now.getTime(),
      form.image.fileName ?? "image",
      image.ext,
    );
    await deps.storage.put("feedback_attachments", key, image.bytes, image.contentType);
    stored = { key, url: fileUrl("feedback_attachments", key) };
  }
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedback)
        .values({
          userId: author.id,
          feedbackType: form.feedbackType,
          subject: form.subject,
          message: form.message,
          imageUrl: stored?.url ?? null,
          diagnostics: form.diagnostics,
          createdAt: deps.now,
        })
        .returning({ id: feedback.id });
      await enqueue(tx, [
        mailRow(
          feedbackMail({
            id: row!.id,
            to: deps.supportEmail,
            appName: deps.appName,
            author,
            form,
            imageKey: stored?.key ?? null,
          }),
        ),
      ]);
      return row!.id;
    });
    deps.kickOutbox();
    return { id, imageUrl: stored?.url ?? null };
  } catch (error) {
    if (stored) await deps.storage.delete("feedback_attachments", stored.key).catch(() => {});
    throw error;
  }
}
