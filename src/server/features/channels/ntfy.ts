// ntfy (https://ntfy.sh or the user's own server): a digest is published as JSON to the server's
// root with the topic in the body (ntfy's "publish as JSON"), so the title, the action buttons and
// the click URL need no header encoding. Each button is an `http` action that POSTs a person's
// one-tap link from the phone, as pressing "Mark contacted" in the mail would.
import type { ChatMessage } from "../../../core/chat-channels";
import { DeliveryError } from "../outbox/outbox.public";
import type { ChatSenderFactory } from "./channel-transports";
import { postToUserUrl } from "./user-url-post";

/** ntfy shows at most three buttons under a notification. */
export const NTFY_MAX_ACTIONS = 3;
// ntfy.sh's default message-size-limit; a longer message would become an attachment.
const NTFY_MAX_MESSAGE_BYTES = 4096;
const NTFY_LABEL_CHARS = 40;
const TOPIC_PATTERN = /^[-_A-Za-z0-9]{1,64}$/;

export type NtfyTopic = {
  /** Where JSON is published: the topic URL without the topic, so a server under a path works. */
  publishUrl: string;
  topic: string;
  /** The topic URL as saved and shown in Settings. */
  topicUrl: string;
};

export type NtfyAction =
  | { action: "view"; label: string; url: string; clear?: boolean }
  | { action: "http"; label: string; url: string; method: "POST"; clear?: boolean };

export type NtfyPublish = {
  topic: string;
  title: string;
  message: string;
  tags: string[];
  click: string;
  actions: NtfyAction[];
};

/** The topic of a topic URL (https://ntfy.sh/mytopic), or null when it names none. */
export function parseNtfyTopicUrl(raw: string): NtfyTopic | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.search || url.hash) return null;
  const segments = url.pathname.replace(/\/+$/, "").split("/");
  const topic = segments.pop() ?? "";
  if (!TOPIC_PATTERN.test(topic)) return null;
  const base = `${url.origin}${segments.join("/")}`;
  return { publishUrl: `${base}/`, topic, topicUrl: `${base}/${topic}` };
}

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let end = maxBytes - 3;
  while (Buffer.byteLength(text.slice(0, end)) > maxBytes - 3) end -= 1;
  return `${text.slice(0, end)}…`;
}

export function renderNtfyMessage(
  message: ChatMessage,
  target: { topic: string; appName: string },
): NtfyPublish {
  const isDigest = message.kind === "digest";
  // The first people get a "done" button each; the last slot opens Tend for everyone else.
  const done: NtfyAction[] = (isDigest ? message.people : [])
    .slice(0, NTFY_MAX_ACTIONS - 1)
    .map((person) => ({
      action: "http",
      label: truncate(`${person.name}: done`, NTFY_LABEL_CHARS),
      url: person.markContactedUrl,
      method: "POST",
    }));
  return {
    topic: target.topic,
    title: message.title,
    message: truncateBytes(message.text, NTFY_MAX_MESSAGE_BYTES),
    tags: [isDigest ? (message.isTest ? "test_tube" : "bell") : "speech_balloon"],
    click: message.openUrl,
    // An assistant's answer is plain text: it has nothing to press.
    actions: isDigest
      ? [...done, { action: "view", label: `Open ${target.appName}`, url: message.openUrl }]
      : [],
  };
}

export const createNtfySender: ChatSenderFactory = ({ env }) => ({
  name: "ntfy",
  async send(message, channel) {
    const target = parseNtfyTopicUrl(channel.address ?? "");
    if (!target) {
      throw new DeliveryError("The saved ntfy topic URL is not valid. Connect ntfy again.", true);
    }
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (channel.secret) headers.authorization = `Bearer ${channel.secret}`;
    const body = JSON.stringify(
      renderNtfyMessage(message, { topic: target.topic, appName: env.APP_NAME }),
    );
    await postToUserUrl(target.publishUrl, { headers, body }, { env, peer: "The ntfy server" });
  },
});
