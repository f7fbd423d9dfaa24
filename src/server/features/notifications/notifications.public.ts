// What other server features may use of notifications: writing them in their own transaction.
export { notifyUsers, type NewNotification } from "./notify";
