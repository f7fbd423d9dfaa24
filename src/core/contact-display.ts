// How a contact is named and reached on screen: display name, initials, the preferred channel
// as a link. Free of zod, so the contacts screen loads without it; contacts.ts
// re-exports these.
import { CONTACT_METHOD_LABELS, phoneDigits, type ContactMethod } from "./contact-methods";
import type { Contact } from "./contacts";

export function contactDisplayName(c: { firstName: string; lastName: string }): string {
  return [c.firstName, c.lastName].filter(Boolean).join(" ") || "Unnamed";
}

export function contactInitials(c: { firstName: string; lastName: string }): string {
  const letters = [c.firstName, c.lastName]
    .filter(Boolean)
    .map((n) => Array.from(n)[0]?.toLocaleUpperCase() ?? "");
  return letters.join("").slice(0, 2) || "?";
}

export type ChannelLink = {
  method: ContactMethod;
  label: string;
  href: string;
  /** Set when the preferred method could not be linked and this link stands in for it. */
  insteadOf?: { method: ContactMethod; reason: string };
};

type Reachable = Pick<Contact, "preferredMethod" | "emails" | "phones" | "telegramUsername">;

/**
 * A phone number as a dialable string: "+" and digits for a number in international form (a
 * "(0)" trunk prefix after the country code dropped: "+44 (0)20 7946 0958" → "+442079460958"),
 * digits alone for a national number ("020 7946 0958" → "02079460958"); "" without digits.
 */
export function dialableNumber(phone: string): { number: string; isInternational: boolean } {
  const text = phone.trim();
  const isInternational = text.startsWith("+");
  const digits = phoneDigits(isInternational ? text.replace(/\(\s*0\s*\)/, "") : text);
  if (!digits) return { number: "", isInternational: false };
  return { number: isInternational ? `+${digits}` : digits, isInternational };
}

export const NEEDS_COUNTRY_CODE =
  "needs the number with its country code (starting with +), so this link calls instead";

/**
 * The preferred way to get in touch as a link, or null when there is nothing to link to.
 * WhatsApp and Telegram reach a phone number only in international form; for a national
 * number the link falls back to a phone call, and says so.
 */
export function preferredChannelLink(c: Reachable): ChannelLink | null {
  const method = c.preferredMethod;
  if (!method) return null;
  const email = c.emails[0]?.value;
  const phone = dialableNumber(c.phones[0]?.value ?? "");
  const label = CONTACT_METHOD_LABELS[method];
  const byPhone = (href: string): ChannelLink | null => {
    if (!phone.number) return null;
    if (phone.isInternational) return { method, label, href };
    return {
      method: "phone",
      label: CONTACT_METHOD_LABELS.phone,
      href: `tel:${phone.number}`,
      insteadOf: { method, reason: `${label} ${NEEDS_COUNTRY_CODE}` },
    };
  };
  switch (method) {
    case "email":
      return email ? { method, label, href: `mailto:${email}` } : null;
    case "phone":
      return phone.number ? { method, label, href: `tel:${phone.number}` } : null;
    case "text":
      return phone.number ? { method, label, href: `sms:${phone.number}` } : null;
    case "whatsapp":
      // wa.me wants the country code and number as digits, without "+".
      return byPhone(`https://wa.me/${phone.number.slice(1)}`);
    case "telegram":
      if (c.telegramUsername) return { method, label, href: `https://t.me/${c.telegramUsername}` };
      return byPhone(`https://t.me/${phone.number}`);
    default:
      return null;
  }
}
