// What other server features may use of contacts (eslint.config.js holds them to this file):
// the request's contact context, reading and writing contact rows, the capacity check, keeping
// last-contacted and next-due in step with history, and the one-tap actions of a reminder
// (log a contact, snooze), the edits a reply read by the assistant makes and takes back, and
// the contacts, history and archive of the token API (/api/v1), and the relationships the
// exports, imports and phone cards carry.
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
  getContactRow,
  isUuid,
  listContactPageRows,
  listContactRows,
  updateContactRow,
} from "./contacts.queries";
export { createContact, emitContactEvent, setArchived, updateContact } from "./contacts.mutations";
export {
  assertContactCapacity,
  getUserTimeZone,
  newContactValues,
  recomputeDueDates,
  rhythmOf,
  syncContactHistory,
} from "./contacts.service";
export { loadGroupRhythms, writeGroupRhythm } from "./group-rhythms.queries";
export { listTagSummaries, setGroupRhythm } from "./group-rhythms.service";
export { toContact } from "./contact-view";
export { timeZoneColumnsFor } from "./contact-time-zone";
export {
  insertRelationship,
  listAllRelationshipRows,
  listRelationshipsFor,
  touchContacts,
} from "./relationships.queries";
export {
  deleteInteraction,
  listInteractions,
  logInteraction,
  snoozeContact,
  toInteraction,
} from "./interactions.service";
export { listMemberships } from "./households.service";
export { findContactCircle, type ContactCircle } from "./contact-circle";
