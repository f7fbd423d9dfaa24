// Query keys that more than one feature touches: settings invalidates every cached contact when
// the time zone changes (each due day moves), and the contacts feature owns what is under it.
export const CONTACTS_KEY = ["contacts"] as const;
