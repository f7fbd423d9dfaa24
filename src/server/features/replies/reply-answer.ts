// The assistant's answer to a reply: what it did, what waits for the user, and signed undo
// links. Mail gets a few lines; a text gets one, with one link that undoes all of it.
import { CONTACT_METHOD_LABELS } from "../../../core/contact-fields";
import type { ReplyActionDetails, ReplyActionStatus, ReplyChannel } from "../../../core/replies";
import type { Env } from "../../env";
import { html } from "../../lib/html";
import { createUndoToken, REPLY_UNDO_TTL_MS } from "./reply-tokens";
import { dateTimeFormat } from "../../../core/date-format";

export type AnsweredAction = {
  id: string;
  status: ReplyActionStatus;
  details: ReplyActionDetails;
  /** The contact's name, or the name as written. */
  who: string;
};

function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return dateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Logged coffee with Grace Hopper (Dec 1)", "Lisbon as Grace Hopper's place". */
export function describeAction(action: Pick<AnsweredAction, "details" | "who">): string {
  const { details, who } = action;
  switch (details.kind) {
    case "interaction": {
      const how =
        details.channel && details.channel !== "other"
          ? ` (${CONTACT_METHOD_LABELS[details.channel]})`
          : "";
      return `${who}: in touch on ${formatDay(details.date)}${how}`;
    }
    case "snooze":
      return `${who}: snoozed until ${formatDay(details.until)}`;
    case "birthday":
      return `${who}: birthday ${formatDay(`${details.year ?? 2000}-${String(details.month).padStart(2, "0")}-${String(details.day).padStart(2, "0")}`)}${details.year ? ` ${details.year}` : ""}`;
    case "place":
      return `${who}: lives in ${details.name}`;
    case "phone":
      return `${who}: phone ${details.value}`;
    case "email":
      return `${who}: email ${details.value}`;
    case "note":
      return `${who}: note "${details.text.length > 60 ? `${details.text.slice(0, 59)}…` : details.text}"`;
  }
}

export function composeAnswer(
  env: Env,
  options: {
    userId: string;
    replyId: string;
    channel: ReplyChannel;
    actions: AnsweredAction[];
    now: Date;
  },
): { text: string; html: string } {
  const { userId, actions, now } = options;
  const expiresAt = now.getTime() + REPLY_UNDO_TTL_MS;
  const undoUrl = (target: "action" | "reply", id: string) =>
    `${env.APP_URL}/reply-undo/${createUndoToken(env.AUTH_SECRET, { target, id, userId, expiresAt })}`;
  const applied = actions.filter((a) => a.status === "applied");
  const waiting = actions.filter((a) => a.status === "suggested");
  const repliesUrl = `${env.APP_URL}/app/replies`;

  if (options.channel === "sms") {
    const parts: string[] = [];
    if (applied.length > 0) parts.push(`logged ${applied.map((a) => a.who).join(", ")}`);
    if (waiting.length > 0) parts.push(`${waiting.length} to check at ${repliesUrl}`);
    if (parts.length === 0) parts.push(`nothing to log found; see ${repliesUrl}`);
    const undo = applied.length > 0 ? ` Undo: ${undoUrl("reply", options.replyId)}` : "";
    return { text: `${env.APP_NAME}: ${parts.join("; ")}.${undo}`, html: "" };
  }

  const lines: string[] = [];
  if (applied.length > 0) {
    lines.push("Done:");
    for (const a of applied)
      lines.push(`* ${describeAction(a)} (undo: ${undoUrl("action", a.id)})`);
    lines.push("");
  }
  if (waiting.length > 0) {
    lines.push("Waiting for you to check:");
    for (const a of waiting) lines.push(`* ${describeAction(a)}`);
    lines.push(`Accept or dismiss at ${repliesUrl}`, "");
  }
  if (actions.length === 0) {
    lines.push(
      "I found nothing to log in your reply. Try a line like “had coffee with Grace yesterday”.",
      `Your replies: ${repliesUrl}`,
      "",
    );
  }
  // A chat answer sits right under the user's message: no signature, no HTML.
  if (options.channel === "telegram" || options.channel === "whatsapp") {
    return { text: lines.join("\n").trim(), html: "" };
  }
  lines.push("--", `${env.APP_NAME}'s assistant, answering your reply.`);
  const body = html`<!doctype html>
    <html lang="en">
      <body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937">
        ${
          applied.length > 0
            ? html`<p>Done:</p>
                <ul>
                  ${applied.map(
                    (a) =>
                      html`<li>
                        ${describeAction(a)} · <a href="${undoUrl("action", a.id)}">Undo</a>
                      </li>`,
                  )}
                </ul>`
            : null
        }
        ${
          waiting.length > 0
            ? html`<p>Waiting for you to check:</p>
                <ul>
                  ${waiting.map((a) => html`<li>${describeAction(a)}</li>`)}
                </ul>
                <p><a href="${repliesUrl}">Accept or dismiss</a></p>`
            : null
        }
        ${
          actions.length === 0
            ? html`<p>
                I found nothing to log in your reply. Try a line like “had coffee with Grace
                yesterday”. <a href="${repliesUrl}">Your replies</a>
              </p>`
            : null
        }
        <p style="color:#6b7280;font-size:12px">
          ${env.APP_NAME}'s assistant, answering your reply.
        </p>
      </body>
    </html>`;
  return { text: lines.join("\n"), html: body.toString() };
}
