// The reminder digest as mail (HTML and plain text, each written to read well on its own), as a
// short SMS, and as the in-app REMINDER notification. Pure: the data comes in, text comes out.
import type { ChannelLink } from "../../../core/contacts";
import { CONTACT_METHOD_LABELS, type ContactMethod } from "../../../core/contact-fields";
import { daysBetween, type LocalDate } from "../../../core/rhythm";
import { html, type SafeHtml } from "../../lib/html";
import type { ChatMessage, ChatPerson } from "../../../core/chat-channels";
import { dateTimeFormat } from "../../../core/date-format";

export const DIGEST_CAP = 10;

export type DigestContact = {
  id: string;
  name: string;
  dueDay: LocalDate;
  lastContactedAt: Date | null;
  lastChannel: string | null;
  lastNote: string | null;
  /** Their clock when it is night where they are (their own zone): a call can wait. */
  nightClock?: string | null;
  link: ChannelLink | null;
  markContactedUrl: string;
  snoozeUrl: string;
  /** A household's line ("The Carters (Sam and Jo)"): everyone due in it, whom its links act for. */
  memberIds?: string[];
};

export type DigestBirthday = { id: string; name: string; day: LocalDate; turning: number | null };

export type Digest = {
  appName: string;
  appUrl: string;
  firstName: string | null;
  today: LocalDate;
  timeZone: string;
  due: DigestContact[];
  /** Due or overdue beyond the first DIGEST_CAP. */
  moreCount: number;
  birthdays: DigestBirthday[];
  isTest: boolean;
  unsubscribeUrl: string;
  /** Where a reply in the user's own words goes (reply+<token>@…), when inbound mail is on. */
  replyTo?: string | null;
  /** A text answered with numbers or words is read (Twilio's incoming webhook is set up). */
  acceptsSmsReplies?: boolean;
};

const REPLY_HINT = "Or just reply with what happened, like “had coffee with Grace yesterday”.";

/** People due: a household's line counts each of its people. */
export function dueTotal(digest: {
  due: readonly { memberIds?: string[] }[];
  moreCount: number;
}): number {
  return digest.due.reduce((n, c) => n + (c.memberIds?.length ?? 1), 0) + digest.moreCount;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function whenDue(c: DigestContact, today: LocalDate): string {
  const late = daysBetween(c.dueDay, today);
  const night = c.nightClock ? ` · night there (${c.nightClock})` : "";
  if (late <= 0) return `due today${night}`;
  return `overdue by ${plural(late, "day", "days")}${night}`;
}

function formatDay(day: LocalDate, today: LocalDate): string {
  const diff = daysBetween(today, day);
  if (diff === 0) return "today";
  if (diff === 1) return "tomorrow";
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return dateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

function lastTouch(c: DigestContact, timeZone: string, today: LocalDate): string {
  if (!c.lastContactedAt) return "No contact logged yet";
  const day = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(c.lastContactedAt);
  const ago = daysBetween(day, today);
  const when = ago <= 0 ? "today" : ago === 1 ? "yesterday" : `${ago} days ago`;
  const how =
    c.lastChannel && c.lastChannel !== "other" && c.lastChannel in CONTACT_METHOD_LABELS
      ? ` (${CONTACT_METHOD_LABELS[c.lastChannel as ContactMethod]})`
      : "";
  return `Last in touch ${when}${how}`;
}

function shortNote(note: string | null): string | null {
  if (!note) return null;
  const oneLine = note.replace(/\s+/g, " ").trim();
  return oneLine.length > 140 ? `${oneLine.slice(0, 139)}…` : oneLine;
}

export function digestSubject(digest: Digest): string {
  const total = dueTotal(digest);
  const prefix = digest.isTest ? "[Test] " : "";
  if (total === 0) {
    if (digest.birthdays.some((b) => b.day === digest.today)) return `${prefix}A birthday today`;
    return `${prefix}Nobody is due today`;
  }
  if (total === 1) return `${prefix}${digest.due[0]!.name} is due`;
  if (digest.due.length === 1 && digest.moreCount === 0)
    return `${prefix}${digest.due[0]!.name} are due`;
  return `${prefix}${total} people to get in touch with`;
}

function greeting(digest: Digest): string {
  return digest.firstName ? `Hi ${digest.firstName},` : "Hi,";
}

function birthdayLine(b: DigestBirthday, today: LocalDate): string {
  const turning = b.turning ? ` (turns ${b.turning})` : "";
  return `${b.name}: ${formatDay(b.day, today)}${turning}`;
}

export function renderDigestText(digest: Digest): string {
  const { today } = digest;
  const lines: string[] = [];
  if (digest.isTest)
    lines.push("This is a test reminder you asked for. It shows who is due right now.", "");
  lines.push(greeting(digest), "");
  const total = dueTotal(digest);
  if (total === 0) {
    lines.push("Nobody is due today. You're all caught up.");
  } else {
    lines.push(`${plural(total, "person is", "people are")} due for a hello:`, "");
    for (const c of digest.due) {
      lines.push(`* ${c.name}: ${whenDue(c, today)}`);
      lines.push(`  ${lastTouch(c, digest.timeZone, today)}`);
      const note = shortNote(c.lastNote);
      if (note) lines.push(`  Last note: "${note}"`);
      if (c.link) lines.push(`  ${c.link.label}: ${c.link.href}`);
      lines.push(`  Mark contacted: ${c.markContactedUrl}`);
      lines.push(`  Snooze 1 week: ${c.snoozeUrl}`);
      lines.push("");
    }
    if (digest.moreCount > 0) {
      lines.push(`And ${digest.moreCount} more: ${digest.appUrl}/app/rhythms`, "");
    }
    if (digest.replyTo) lines.push(REPLY_HINT, "");
  }
  if (digest.birthdays.length > 0) {
    lines.push("", "Birthdays this week:");
    for (const b of digest.birthdays) lines.push(`* ${birthdayLine(b, today)}`);
  }
  lines.push(
    "",
    `Open ${digest.appName}: ${digest.appUrl}/app/rhythms`,
    "",
    "--",
    `You get this because you set reminders in ${digest.appName}.`,
    `Change how often: ${digest.appUrl}/app/settings`,
    `Stop reminder emails: ${digest.unsubscribeUrl}`,
  );
  return lines.join("\n");
}

const BUTTON =
  "display:inline-block;padding:6px 12px;border-radius:6px;text-decoration:none;font-size:14px;margin:4px 8px 0 0";

function contactBlock(c: DigestContact, digest: Digest): SafeHtml {
  const note = shortNote(c.lastNote);
  return html`<tr>
    <td style="padding:12px 0;border-top:1px solid #e5e7eb">
      <div style="font-weight:600;font-size:16px">
        ${c.name}
        <span style="font-weight:400;color:#b45309;font-size:14px"
          >· ${whenDue(c, digest.today)}</span
        >
      </div>
      <div style="color:#4b5563;font-size:14px">${lastTouch(c, digest.timeZone, digest.today)}</div>
      ${note ? html`<div style="color:#4b5563;font-size:14px;font-style:italic">Last note: “${note}”</div>` : null}
      <div>
        ${c.link ? html`<a href="${c.link.href}" style="${BUTTON};background:#ecfdf5;color:#166534;border:1px solid #bbf7d0">${c.link.label}</a>` : null}<a
          href="${c.markContactedUrl}"
          style="${BUTTON};background:#166534;color:#ffffff"
          >Mark contacted</a
        ><a
          href="${c.snoozeUrl}"
          style="${BUTTON};background:#f3f4f6;color:#1f2937;border:1px solid #d1d5db"
          >Snooze 1 week</a
        >
      </div>
    </td>
  </tr>`;
}

export function renderDigestHtml(digest: Digest): string {
  const total = dueTotal(digest);
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${digestSubject(digest)}</title>
      </head>
      <body
        style="margin:0;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;background:#f8fafc;padding:24px 12px"
      >
        <div style="max-width:560px;margin:auto;background:#ffffff;border-radius:12px;padding:24px">
          ${digest.isTest ? html`<p style="background:#fef3c7;color:#92400e;padding:8px 12px;border-radius:6px;font-size:14px">This is a test reminder you asked for. It shows who is due right now.</p>` : null}
          <p style="font-size:16px">${greeting(digest)}</p>
          ${
            total === 0
              ? html`<p style="font-size:16px">Nobody is due today. You're all caught up.</p>`
              : html`<p style="font-size:16px">
                    ${plural(total, "person is", "people are")} due for a hello:
                  </p>
                  <table role="presentation" style="width:100%;border-collapse:collapse">
                    ${digest.due.map((c) => contactBlock(c, digest))}
                  </table>
                  ${digest.moreCount > 0 ? html`<p><a href="${digest.appUrl}/app/rhythms" style="color:#166534">And ${digest.moreCount} more</a></p>` : null}
                  ${digest.replyTo ? html`<p style="color:#4b5563;font-size:14px">${REPLY_HINT}</p>` : null}`
          }
          ${
            digest.birthdays.length > 0
              ? html`<h2 style="font-size:16px;margin-top:24px">Birthdays this week</h2>
                  <ul style="padding-left:20px">
                    ${digest.birthdays.map((b) => html`<li>${birthdayLine(b, digest.today)}</li>`)}
                  </ul>`
              : null
          }
          <p style="margin-top:24px">
            <a href="${digest.appUrl}/app/rhythms" style="color:#166534">Open ${digest.appName}</a>
          </p>
          <hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px" />
          <p style="font-size:12px;color:#6b7280">
            You get this because you set reminders in ${digest.appName}.
            <a href="${digest.appUrl}/app/settings" style="color:#6b7280">Change how often</a> ·
            <a href="${digest.unsubscribeUrl}" style="color:#6b7280">Stop reminder emails</a>
          </p>
        </div>
      </body>
    </html>`;
  return body.toString();
}

/** Names in a text, each cut short so three of them and the hint fit two SMS segments. */
const SMS_NAME_MAX = 30;
/** How many people a text digest names; the rest are "and N more". */
export const SMS_NAMES = 3;

/**
 * One short text. Its people are numbered in the digest's order ("1 Grace Hopper, 2 Alan
 * Turing"), and when texts are read a reply of numbers or words logs them: "Tend: 2 people are
 * due: 1 Grace Hopper, 2 Alan Turing. Reply 1 2 when done, or say what happened. https://…".
 */
export function renderDigestSms(digest: Digest): string {
  const total = dueTotal(digest);
  const link = `${digest.appUrl}/app/rhythms`;
  const test = digest.isTest ? " (test)" : "";
  if (total === 0) return `${digest.appName}${test}: nobody is due today. ${link}`;
  const shown = digest.due.slice(0, SMS_NAMES);
  const names = shown.map(
    (c, i) =>
      `${i + 1} ${c.name.length > SMS_NAME_MAX ? `${c.name.slice(0, SMS_NAME_MAX - 1)}…` : c.name}`,
  );
  const rest = total - dueTotal({ due: shown, moreCount: 0 });
  const list = rest > 0 ? `${names.join(", ")} and ${rest} more` : names.join(", ");
  const hint = digest.acceptsSmsReplies
    ? ` Reply ${names.length > 1 ? "1 2" : "1"} when done, or say what happened.`
    : "";
  return `${digest.appName}${test}: ${plural(total, "person is", "people are")} due: ${list}.${hint} ${link}`;
}

/** The in-app notification (type REMINDER): content is HTML, escaped here. */
export function renderDigestNotification(digest: Digest): { title: string; content: string } {
  const total = dueTotal(digest);
  const title =
    total === 0 ? "Nobody is due today" : `${plural(total, "person is", "people are")} due`;
  const content =
    total === 0
      ? html`<p>You're all caught up.</p>`
      : html`<ul>
            ${digest.due.map((c) => html`<li>${c.name}: ${whenDue(c, digest.today)}</li>`)}
          </ul>
          ${digest.moreCount > 0 ? html`<p>And ${digest.moreCount} more.</p>` : null}`;
  return {
    title: digest.isTest ? `Test: ${title}` : title,
    content: content.toString(),
  };
}

/**
 * The digest for a chat channel: plain text without links (its buttons carry them) and the
 * people as data, for the channel's transport to give each one "Mark contacted" and "Snooze
 * 1 week" in its own way.
 */
export function renderDigestChat(
  digest: Digest,
  options: { deliveryId: string; createdAt: Date; acceptsReplies: boolean },
): ChatMessage {
  const { today } = digest;
  const total = dueTotal(digest);
  const title = renderDigestNotification(digest).title;
  const lines: string[] = [`${digest.appName}: ${title}`];
  const people: ChatPerson[] = digest.due.map((c) => ({
    contactId: c.id,
    name: c.name,
    line: `${whenDue(c, today)} · ${lastTouch(c, digest.timeZone, today)}`,
    markContactedUrl: c.markContactedUrl,
    snoozeUrl: c.snoozeUrl,
  }));
  if (total === 0) lines.push("You're all caught up.");
  people.forEach((p, i) => lines.push(`${i + 1}. ${p.name}: ${p.line}`));
  if (digest.moreCount > 0) lines.push(`And ${digest.moreCount} more.`);
  if (digest.birthdays.length > 0) {
    lines.push("", "Birthdays this week:");
    for (const b of digest.birthdays) lines.push(`${birthdayLine(b, today)}`);
  }
  // Only a chat can be answered (Telegram, WhatsApp); ntfy and a webhook cannot.
  if (total > 0 && options.acceptsReplies) {
    lines.push("", "Or answer with what happened, like “called Alan yesterday”.");
  }
  return {
    kind: "digest",
    title,
    text: lines.join("\n"),
    people,
    openUrl: `${digest.appUrl}/app/rhythms`,
    isTest: digest.isTest,
    deliveryId: options.deliveryId,
    createdAt: options.createdAt.toISOString(),
  };
}
