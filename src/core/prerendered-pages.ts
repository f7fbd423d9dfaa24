import type { Me } from "./account";
import type { BillingStatusResponse } from "./billing";
import type { ContactList } from "./contact-list-schema";

// The pages the build prerenders signed out and the server sends to a visitor without a session:
// scripts/prerender.mjs writes `<name>.html` for each path.
export const PRERENDERED_PATHS = ["/auth", "/subscribe"] as const;

/** The attribute on #root that names the path its markup was prerendered for. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/**
 * The attribute on #root that names the path the server rendered for a signed-in user (the
 * contact list), and the one that names that user.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";
export const SERVER_RENDERED_USER_ATTRIBUTE = "data-server-rendered-user";

/** The signed-in pages the server renders, with no query: the contact list. */
export const SERVER_RENDERED_PATHS = ["/app/contacts"] as const;

/**
 * On <html> of a page the server rendered for a user who follows the system's scheme: dark when
 * the system is, by the stylesheet alone, before the app's code runs (styles.css).
 */
export const SYSTEM_THEME_CLASS = "system-theme";

/** The answers a server-rendered contact list is drawn from, on the server and in the browser. */
export type FirstReads = { me: Me; billing: BillingStatusResponse; list: ContactList };
