// What other server features may use of contacts (eslint.config.js holds them to this file):
// the request's contact context, reading and writing contact rows, the capacity check, keeping
// last-contacted and next-due in step with history, and the one-tap actions of a reminder
// (log a contact, snooze), and the edits a reply read by the assistant makes and takes back.
export { contactContext, type ContactContext } from "./contact-context";
export {
  contactValuesFromInput,
  inputFromRow,
  type ContactRow,
  type ContactValues,
} from "./contact-columns";
export {
  deleteContactRow,
  findContactRow,
  isUuid,
  listContactRows,
  updateContactRow,
} from "./contacts.queries";
export { createContact, updateContact } from "./contacts.mutations";
export {
  assertContactCapacity,
  getUserTimeZone,
  newContactValues,
  recomputeDueDates,
  rhythmOf,
  syncContactHistory,
} from "./contacts.service";
export { loadGroupRhythms, writeGroupRhythm } from "./group-rhythms.queries";
export { toContact } from "./contact-view";
export {
  deleteInteraction,
  logInteraction,
  snoozeContact,
  toInteraction,
} from "./interactions.service";
