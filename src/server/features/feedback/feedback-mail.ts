// The mail to SUPPORT_EMAIL for each new feedback item. Everything the user typed is escaped;
// the image is named by its storage location (operators read it with `npm run feedback:list`).
import { FEEDBACK_TYPE_LABELS } from "../../../core/feedback";
import { escapeHtml } from "../../lib/html";
import type { OutgoingMail } from "../outbox/outbox.public";
import type { FeedbackForm } from "./feedback-form";

export function feedbackMail(input: {
  id: string;
  to: string;
  appName: string;
  author: { id: string; email: string; name: string };
  form: FeedbackForm;
  imageKey: string | null;
}): OutgoingMail {
  const { form, author } = input;
  const label = FEEDBACK_TYPE_LABELS[form.feedbackType];
  const oneLine = form.subject.replace(/[\r\n]+/g, " ");
  const lines: [string, string][] = [
    ["Type", label],
    ["From", `${author.name} <${author.email}> (user ${author.id})`],
    ["Subject", form.subject],
    ["Image", input.imageKey ? `feedback_attachments/${input.imageKey}` : "none"],
    ["Feedback id", input.id],
  ];
  const diagnostics = form.diagnostics;
  if (diagnostics) {
    lines.push(["Browser", diagnostics.browser], ["App version", diagnostics.appVersion]);
  }
  const errorLog = (diagnostics?.errorLog ?? []).map(
    (e) => `${e.timestamp} [${e.level}] ${e.message} (${e.url})`,
  );
  const text = [
    ...lines.map(([k, v]) => `${k}: ${v}`),
    "",
    form.message,
    ...(diagnostics ? ["", `Recent errors (${errorLog.length}):`, ...errorLog] : []),
  ].join("\n");
  const html = [
    "<table>",
    ...lines.map(
      ([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    "</table>",
    `<p style="white-space:pre-wrap">${escapeHtml(form.message)}</p>`,
    diagnostics
      ? `<h3>Recent errors (${errorLog.length})</h3><ol>${errorLog.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ol>`
      : "",
  ].join("\n");
  return {
    to: input.to,
    subject: `[${input.appName} ${label}] ${oneLine}`,
    text,
    html,
    kind: "feedback",
    userId: author.id,
  };
}
