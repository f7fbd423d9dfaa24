// The contact form's values as the inputs hold them (strings), and the way from a contact to
// them. The zod schema from src/core turns a draft into clean input, in the browser and again
// on the server; it loads when the form is first used.
import type {
  Control,
  FieldErrors,
  Resolver,
  UseFormRegister,
  UseFormSetValue,
} from "react-hook-form";
import type { Contact, ContactCreateInput, ContactInput } from "../../../../core/contacts";
import { lazyZodResolver, type LazyResolver } from "../../../lib/lazy-resolver";
import { emptyAddress, type AddressPart } from "../../../../core/postal-address";
import type { RhythmUnit } from "../../../../core/rhythm";

type Entry = { label: string; value: string };
type PhoneDraft = Entry & { ext: string };
export type AddressDraft = { label: string; isPlace: boolean } & Record<AddressPart, string>;

export function emptyAddressDraft(): AddressDraft {
  return { ...emptyAddress(), label: "" };
}

/** What a section of the contact form is given to read and fill its fields. */
export type ContactFormControls = {
  control: Control<ContactDraft, unknown, ContactCreateInput>;
  register: UseFormRegister<ContactDraft>;
  errors: FieldErrors<ContactDraft>;
  setValue: UseFormSetValue<ContactDraft>;
};

export type ContactDraft = {
  firstName: string;
  lastName: string;
  namePrefix: string;
  nameSuffix: string;
  nickname: string;
  emails: Entry[];
  phones: PhoneDraft[];
  websites: Entry[];
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
  /** How the time zone is set; the submit turns it into `isTimeZoneSetByHand`. */
  timeZoneMode: TimeZoneMode;
  timeZone: string;
  addresses: AddressDraft[];
  birthday: { day: string; month: string; year: string };
  tags: string;
  rhythm: { interval: number | string; unit: RhythmUnit } | null;
  lastContactedOn: string;
};

export type TimeZoneMode = "place" | "none" | "zone";

function timeZoneModeOf(contact?: Contact): TimeZoneMode {
  if (!contact?.isTimeZoneSetByHand) return "place";
  return contact.timeZone ? "zone" : "none";
}

/** The time zone the form sends for a mode: the server finds it from the place for "place". */
export function timeZoneInput(
  mode: TimeZoneMode,
  timeZone: string | null | undefined,
): { timeZone?: string | null; isTimeZoneSetByHand: boolean } {
  if (mode === "zone" && timeZone) return { timeZone, isTimeZoneSetByHand: true };
  if (mode === "none") return { timeZone: null, isTimeZoneSetByHand: true };
  return { isTimeZoneSetByHand: false };
}

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "" : String(v);
const entries = (list: { label?: string; value: string }[]) =>
  list.map((e) => ({ label: e.label ?? "", value: e.value }));

export function toDraft(contact?: Contact): ContactDraft {
  return {
    firstName: text(contact?.firstName),
    lastName: text(contact?.lastName),
    emails: contact?.emails.length ? entries(contact.emails) : [{ label: "", value: "" }],
    phones: contact?.phones.length
      ? contact.phones.map((p) => ({ label: p.label ?? "", value: p.value, ext: p.ext ?? "" }))
      : [{ label: "", value: "", ext: "" }],
    websites: entries(contact?.websites ?? []),
    namePrefix: text(contact?.namePrefix),
    nameSuffix: text(contact?.nameSuffix),
    nickname: text(contact?.nickname),
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
    timeZoneMode: timeZoneModeOf(contact),
    timeZone: text(contact?.timeZone),
    addresses: (contact?.addresses ?? []).map((a) => ({ ...a, label: a.label ?? "" })),
    birthday: {
      day: text(contact?.birthday?.day),
      month: text(contact?.birthday?.month),
      year: text(contact?.birthday?.year),
    },
    tags: contact?.tags.join(", ") ?? "",
    // The contact's own rhythm: none while it follows a group's.
    rhythm: contact
      ? contact.rhythmSource
        ? null
        : contact.rhythm
      : { interval: 1, unit: "month" },
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
