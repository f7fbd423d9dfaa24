// The ways to get in touch with a contact, and a phone number's digits: plain values, free of zod,
// for the contacts screen as well as the contract (contact-fields.ts re-exports them).
export const CONTACT_METHODS = [
  "email",
  "phone",
  "text",
  "whatsapp",
  "telegram",
  "in_person",
  "other",
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: "Email",
  phone: "Phone call",
  text: "Text",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  in_person: "In person",
  other: "Other",
};

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}
