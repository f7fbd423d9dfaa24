// What a push shows: a digest (its title, who is due, and "Mark contacted" / "Snooze 1 week" for
// the first person, each a signed one-tap link the service worker POSTs without a session) or an
// in-app notification as plain text. Tapping opens the app where the message points.
import type { ChatMessage } from "../../../core/chat-channels";
import {
  PUSH_CONTACTED_ACTION,
  PUSH_SNOOZE_ACTION,
  type PushNotice,
  type PushPayload,
} from "../../../core/push";

// A push body must stay under the push service's 4 KB after encryption; a lock screen shows a
// few lines anyway.
const BODY_MAX_CHARS = 600;
const PEOPLE_SHOWN = 5;

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

/** The in-app path of an absolute app URL ("https://tend.example/app/rhythms" → "/app/rhythms"). */
function pathOf(url: string): string {
  if (url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return "/app/rhythms";
  }
}

export function renderPushPayload(message: ChatMessage | PushNotice): PushPayload {
  if (message.kind === "notice") {
    return {
      title: truncate(message.title, 120),
      body: truncate(message.text, BODY_MAX_CHARS),
      url: pathOf(message.openUrl),
      tag: message.tag,
      actions: [],
    };
  }
  if (message.kind === "answer") {
    return {
      title: truncate(message.title, 120),
      body: truncate(message.text, BODY_MAX_CHARS),
      url: pathOf(message.openUrl),
      tag: "answer",
      actions: [],
    };
  }
  const shown = message.people.slice(0, PEOPLE_SHOWN);
  const lines = shown.map((p) => `${p.name}: ${p.line}`);
  const more = message.people.length - shown.length;
  if (more > 0) lines.push(`And ${more} more.`);
  if (lines.length === 0) lines.push("You're all caught up.");
  const first = message.people[0];
  return {
    title: truncate(message.title, 120),
    body: truncate(lines.join("\n"), BODY_MAX_CHARS),
    url: "/app/rhythms",
    // One digest on the device at a time: the next replaces it.
    tag: message.isTest ? "digest-test" : "digest",
    actions: first
      ? [
          { action: PUSH_CONTACTED_ACTION, title: "Mark contacted", url: first.markContactedUrl },
          { action: PUSH_SNOOZE_ACTION, title: "Snooze 1 week", url: first.snoozeUrl },
        ]
      : [],
  };
}
