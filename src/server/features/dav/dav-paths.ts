// Where things are under /dav/: one principal, one address-book home and one address book per
// account. The paths name no user: the device's sign-in says whose they are, so no URL can
// reach another account's cards.
export const DAV_ROOT = "/dav/";
export const PRINCIPAL_PATH = "/dav/principal/";
export const HOME_PATH = "/dav/addressbooks/";
export const BOOK_PATH = "/dav/addressbooks/contacts/";

export type DavTarget =
  | { kind: "root" }
  | { kind: "principal" }
  | { kind: "home" }
  | { kind: "book" }
  | { kind: "card"; name: string }
  | { kind: "none" };

// A phone names its cards (a UUID and .vcf, mostly); no slashes or control characters.
// eslint-disable-next-line no-control-regex
const CARD_NAME = /^[^/\\\u0000-\u001f\u007f]{1,200}$/;

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function resolveDavPath(path: string): DavTarget {
  const bare = path.split("?")[0]!.replace(/\/{2,}/g, "/");
  if (bare === "/dav" || bare === "/dav/") return { kind: "root" };
  if (bare === "/dav/principal" || bare === PRINCIPAL_PATH) return { kind: "principal" };
  if (bare === "/dav/addressbooks" || bare === HOME_PATH) return { kind: "home" };
  if (bare === "/dav/addressbooks/contacts" || bare === BOOK_PATH) return { kind: "book" };
  if (bare.startsWith(BOOK_PATH)) {
    const name = decode(bare.slice(BOOK_PATH.length));
    if (name !== null && CARD_NAME.test(name) && name !== "." && name !== "..")
      return { kind: "card", name };
  }
  return { kind: "none" };
}

export function cardHref(name: string): string {
  return BOOK_PATH + encodeURIComponent(name).replace(/%40/g, "@");
}

/** A client's href (a path or a full URL) → the card name it stands for, or null. */
export function cardNameOfHref(href: string): string | null {
  let path = href.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const target = resolveDavPath(path);
  return target.kind === "card" ? target.name : null;
}
