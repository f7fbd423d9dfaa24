// What other server features may use of contacts (eslint.config.js holds them to this file):
// the request's contact context, reading and writing contact rows, the capacity check, and
// keeping last-contacted and next-due in step with history.
export { contactContext, type ContactContext } from "./contact-context";
export {
  contactValuesFromInput,
  inputFromRow,
  type ContactRow,
  type ContactValues,
} from "./contact-columns";
export { isUuid, listContactRows } from "./contacts.queries";
export {
  assertContactCapacity,
  newContactValues,
  recomputeDueDates,
  syncContactHistory,
  toContact,
} from "./contacts.service";
