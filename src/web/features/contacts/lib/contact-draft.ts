// The contact form's values as the inputs hold them (strings), and the way from a contact to
// them. The zod schema from src/core turns a draft into clean input, in the browser and again
// on the server; it loads when the form is first used (decision 192).
import type { Resolver } from "react-hook-form";
import type { Contact, ContactCreateInput, ContactInput } from "../../../../core/contacts";
import { lazyZodResolver, type LazyResolver } from "../../../lib/lazy-resolver";
import type { RhythmUnit } from "../../../../core/rhythm";

type Entry = { label: string; value: string };

export type ContactDraft = {
  firstName: string;
  lastName: string;
  emails: Entry[];
  phones: Entry[];
  company: string;
  jobTitle: string;
  notes: string;
  preferredMethod: string;
  telegramUsername: string;
  city: string;
  region: string;
  country: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  birthday: { day: string; month: string; year: string };
  tags: string;
  rhythm: { interval: number | string; unit: RhythmUnit } | null;
  lastContactedOn: string;
};

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "" : String(v);
const entries = (list: { label?: string; value: string }[]) =>
  list.map((e) => ({ label: e.label ?? "", value: e.value }));

export function toDraft(contact?: Contact): ContactDraft {
  return {
    firstName: text(contact?.firstName),
    lastName: text(contact?.lastName),
    emails: contact?.emails.length ? entries(contact.emails) : [{ label: "", value: "" }],
    phones: contact?.phones.length ? entries(contact.phones) : [{ label: "", value: "" }],
    company: text(contact?.company),
    jobTitle: text(contact?.jobTitle),
    notes: text(contact?.notes),
    preferredMethod: text(contact?.preferredMethod),
    telegramUsername: text(contact?.telegramUsername),
    city: text(contact?.city),
    region: text(contact?.region),
    country: text(contact?.country),
    countryCode: text(contact?.countryCode),
    latitude: text(contact?.latitude),
    longitude: text(contact?.longitude),
    birthday: {
      day: text(contact?.birthday?.day),
      month: text(contact?.birthday?.month),
      year: text(contact?.birthday?.year),
    },
    tags: contact?.tags.join(", ") ?? "",
    rhythm: contact ? contact.rhythm : { interval: 1, unit: "month" },
    lastContactedOn: "",
  };
}

// The draft is one accepted input shape of these schemas (strings where numbers go), which
// zodResolver's types cannot see.
export const createResolver = lazyZodResolver<ContactDraft>(() =>
  import("./contact-schemas").then((m) => m.ContactCreateSchema),
) as LazyResolver<ContactDraft> & Resolver<ContactDraft, unknown, ContactCreateInput>;
export const editResolver = lazyZodResolver<ContactDraft>(() =>
  import("./contact-schemas").then((m) => m.ContactInputSchema),
) as LazyResolver<ContactDraft> & Resolver<ContactDraft, unknown, ContactInput>;
