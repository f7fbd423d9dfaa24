// An action of a reply in plain words, as /app/replies lists it: what it does ("Coffee logged
// on 1 Dec 2026 · In person") and who it is for, or why the assistant did not choose.
import { CONTACT_METHOD_LABELS } from "../../../../core/contact-methods";
import type { ReplyAction, ReplyActionDetails, ReplyChannel } from "../../../../core/replies";
import { formatBirthday, formatDay } from "../../../lib/format-date";

export const ACTION_KIND_LABELS: Record<ReplyActionDetails["kind"], string> = {
  interaction: "Log being in touch",
  snooze: "Snooze",
  birthday: "Birthday",
  place: "Place",
  phone: "Phone number",
  email: "Email address",
  note: "Note",
};

export const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = {
  email: "Reply by email",
  sms: "Reply by text",
  forward: "Forwarded mail",
  telegram: "Message on Telegram",
  whatsapp: "Message on WhatsApp",
};

/** What the action does, without who: "In touch on 1 Dec 2026 · In person: coffee". */
export function describeDetails(details: ReplyActionDetails): string {
  switch (details.kind) {
    case "interaction": {
      const how = details.channel ? ` · ${CONTACT_METHOD_LABELS[details.channel]}` : "";
      const note = details.note ? `: ${details.note}` : "";
      return `In touch on ${formatDay(details.date)}${how}${note}`;
    }
    case "snooze":
      return `Snooze until ${formatDay(details.until)}`;
    case "birthday":
      return `Birthday on ${formatBirthday(details)}`;
    case "place":
      return `Lives in ${details.name}`;
    case "phone":
      return `Phone number ${details.value}`;
    case "email":
      return `Email address ${details.value}`;
    case "note":
      return `Note: ${details.text}`;
  }
}

/**
 * Who the action is for. One contact: their name. Otherwise the reply named someone who fits
 * two or more contacts ("Grace: Grace Hopper or Grace Kelly?"), or nobody the user has yet.
 */
export function describeWho(action: Pick<ReplyAction, "contactId" | "contactName" | "candidates">) {
  if (action.contactId) return action.contactName ?? "A contact";
  const names = action.candidates.map((c) => c.name);
  const written = action.contactName ? `“${action.contactName}”` : "Someone";
  if (names.length > 1) return `${written}: ${joinOr(names)}?`;
  if (names.length === 1) return `${written}: ${names[0]}?`;
  return `${written}, not in your contacts yet`;
}

function joinOr(names: string[]): string {
  if (names.length <= 2) return names.join(" or ");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/**
 * Someone the reply named who is not in the contacts yet: Accept adds them (named as written)
 * and applies the action. A snooze needs someone already there.
 */
export function isNewPerson(
  action: Pick<ReplyAction, "contactId" | "contactName" | "candidates" | "details">,
): boolean {
  return (
    action.contactId === null &&
    action.candidates.length === 0 &&
    Boolean(action.contactName) &&
    action.details.kind !== "snooze"
  );
}

/** Whether Accept can apply the action as it is: one contact, or someone new to add. */
export function canAcceptAsIs(
  action: Pick<ReplyAction, "contactId" | "contactName" | "candidates" | "details">,
): boolean {
  return action.contactId !== null || isNewPerson(action);
}
