// How the App Tour item asks the tour controller to start: it opens the contacts page with
// startTour=true and this router state (the user asked, so a completed tour runs again).
export const CONTACTS_PATH = "/app/contacts";

export type TourRequest = { tourRequested?: boolean };

export function isContactsPath(pathname: string): boolean {
  return pathname === CONTACTS_PATH || pathname.startsWith(`${CONTACTS_PATH}/`);
}
