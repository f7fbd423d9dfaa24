// What other server features may use of notifications: writing them in their own transaction.
export { notifyUsers, type NewNotification } from "./notify";
export { announce, AnnouncementError, type Announcement, type AnnounceResult } from "./announce";
