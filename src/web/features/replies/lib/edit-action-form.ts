// Edit, then accept: the form's values for an action (all text, as inputs hold them) and the
// one way back from them to what Accept sends, with a message per field a person can act on.
import { isNewPerson } from "./describe-action";
import {
  ReplyActionDetailsSchema,
  type AcceptReplyAction,
  type ReplyAction,
  type ReplyActionDetails,
} from "../../../../core/replies";

export type EditValues = {
  contactId: string;
  /** interaction: the day; snooze: until. */
  date: string;
  channel: string;
  /** interaction and note: the text. */
  note: string;
  day: string;
  month: string;
  year: string;
  /** place: the name; phone and email: the value. */
  value: string;
};

export type EditField = keyof EditValues;

export type EditResult =
  | { ok: true; input: AcceptReplyAction & { details: ReplyActionDetails } }
  | { ok: false; errors: Partial<Record<EditField, string>> };

export function toEditValues(action: ReplyAction): EditValues {
  const values: EditValues = {
    contactId: action.contactId ?? "",
    date: "",
    channel: "",
    note: "",
    day: "",
    month: "",
    year: "",
    value: "",
  };
  const d = action.details;
  switch (d.kind) {
    case "interaction":
      return { ...values, date: d.date, channel: d.channel ?? "", note: d.note ?? "" };
    case "snooze":
      return { ...values, date: d.until };
    case "birthday":
      return {
        ...values,
        day: String(d.day),
        month: String(d.month),
        year: d.year ? String(d.year) : "",
      };
    case "place":
      return { ...values, value: d.name };
    case "phone":
    case "email":
      return { ...values, value: d.value };
    case "note":
      return { ...values, note: d.text };
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `today`: the user's today (YYYY-MM-DD), after which no interaction can be logged. */
export function readEditValues(action: ReplyAction, values: EditValues, today: string): EditResult {
  const errors: Partial<Record<EditField, string>> = {};
  // No one chosen is fine for someone new: Accept adds them as the reply named them.
  if (!values.contactId && !isNewPerson(action)) errors.contactId = "Choose who this is about";
  const kind = action.details.kind;
  let details: unknown;
  switch (kind) {
    case "interaction":
      if (!DAY.test(values.date)) errors.date = "Choose the day you were in touch";
      else if (values.date > today)
        errors.date = "Choose today or a day before: this has not happened yet";
      details = {
        kind,
        date: values.date,
        channel: values.channel || null,
        note: values.note.trim() || null,
      };
      break;
    case "snooze":
      if (!DAY.test(values.date)) errors.date = "Choose the day to snooze until";
      else if (values.date <= today) errors.date = "Choose a day after today";
      details = { kind, until: values.date };
      break;
    case "birthday": {
      const day = Number(values.day);
      const month = Number(values.month);
      const year = values.year.trim() ? Number(values.year) : null;
      if (!Number.isInteger(month) || month < 1 || month > 12) errors.month = "Choose the month";
      if (!Number.isInteger(day) || day < 1 || day > 31) errors.day = "Enter a day from 1 to 31";
      if (year !== null && (!Number.isInteger(year) || year < 1800 || year > 2200))
        errors.year = "Enter a year such as 1990, or leave it empty";
      details = { kind, day, month, year };
      break;
    }
    case "place":
      if (!values.value.trim()) errors.value = "Enter a town or a country";
      // The place the assistant found stays when the name is kept; a new name is looked up again.
      details = {
        kind,
        name: values.value.trim(),
        placeId:
          action.details.kind === "place" && action.details.name === values.value.trim()
            ? action.details.placeId
            : null,
      };
      break;
    case "phone":
      if (!values.value.trim()) errors.value = "Enter a phone number";
      details = { kind, value: values.value.trim() };
      break;
    case "email":
      if (!/^[^\s@]+@[^\s@]+$/.test(values.value.trim())) errors.value = "Enter an email address";
      details = { kind, value: values.value.trim() };
      break;
    case "note":
      if (!values.note.trim()) errors.note = "Write the note";
      details = { kind, text: values.note.trim() };
      break;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = ReplyActionDetailsSchema.safeParse(details);
  if (!parsed.success) {
    // Only lengths are left to the contract's limits.
    const field: EditField = kind === "interaction" || kind === "note" ? "note" : "value";
    return { ok: false, errors: { [field]: "This is too long" } };
  }
  return {
    ok: true,
    input: values.contactId
      ? { contactId: values.contactId, details: parsed.data }
      : { details: parsed.data },
  };
}
