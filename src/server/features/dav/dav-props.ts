// The WebDAV properties each resource answers: what phones read to find the address book
// (principal, home set), to tell whether they may write (privileges), and to sync (ctag, sync
// token, ETags).
import { escapeXml, NS, type PropName } from "./dav-xml";
import { HOME_PATH, PRINCIPAL_PATH } from "./dav-paths";

export type DavResource =
  | { kind: "root" | "principal" | "home" }
  | { kind: "book"; version: number }
  | { kind: "card"; href: string; version: number; updatedAt: Date; addressData?: string };

export type DavScope = { email: string; isWritable: boolean; bookName: string; syncBase: string };

// Room for a photo of the upload's 2 MB limit as base64 (a third larger), folded, and the rest.
export const MAX_CARD_BYTES = 3 * 1024 * 1024;

const dav = (name: string): PropName => ({ ns: NS.dav, name });
const carddav = (name: string): PropName => ({ ns: NS.carddav, name });
const keyOf = (p: PropName) => `${p.ns}|${p.name}`;

export function etagOf(version: number): string {
  return `"${version}"`;
}

export function syncTokenOf(scope: DavScope, version: number): string {
  return `${scope.syncBase}${version}`;
}

const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;

function privileges(scope: DavScope): string {
  const names = scope.isWritable
    ? ["read", "read-current-user-privilege-set", "write", "write-content", "bind", "unbind"]
    : ["read", "read-current-user-privilege-set"];
  return names.map((n) => `<d:privilege><d:${n}/></d:privilege>`).join("");
}

const REPORTS = ["card:addressbook-multiget", "card:addressbook-query", "d:sync-collection"];

type Getter = () => string;

/** The live properties of a resource, by namespace and name, as the XML inside each element. */
function liveProps(resource: DavResource, scope: DavScope): Map<string, [PropName, Getter]> {
  const props = new Map<string, [PropName, Getter]>();
  const add = (p: PropName, get: Getter) => props.set(keyOf(p), [p, get]);
  add(dav("current-user-principal"), () => href(PRINCIPAL_PATH));
  add(dav("principal-collection-set"), () => href(PRINCIPAL_PATH));
  add(dav("current-user-privilege-set"), () =>
    resource.kind === "book" || resource.kind === "card"
      ? privileges(scope)
      : "<d:privilege><d:read/></d:privilege>",
  );
  add(dav("owner"), () => href(PRINCIPAL_PATH));
  switch (resource.kind) {
    case "root":
      add(dav("resourcetype"), () => "<d:collection/>");
      add(dav("displayname"), () => escapeXml(scope.bookName));
      break;
    case "principal":
      add(dav("resourcetype"), () => "<d:collection/><d:principal/>");
      add(dav("displayname"), () => escapeXml(scope.email));
      add(dav("principal-URL"), () => href(PRINCIPAL_PATH));
      add(carddav("addressbook-home-set"), () => href(HOME_PATH));
      add(carddav("principal-address"), () => "");
      break;
    case "home":
      add(dav("resourcetype"), () => "<d:collection/>");
      add(dav("displayname"), () => escapeXml(scope.bookName));
      break;
    case "book":
      add(dav("resourcetype"), () => "<d:collection/><card:addressbook/>");
      add(dav("displayname"), () => escapeXml(scope.bookName));
      add(carddav("addressbook-description"), () => escapeXml(`Your ${scope.bookName} contacts`));
      add({ ns: NS.calendarServer, name: "getctag" }, () => String(resource.version));
      add(dav("sync-token"), () => escapeXml(syncTokenOf(scope, resource.version)));
      add(dav("supported-report-set"), () =>
        REPORTS.map(
          (r) => `<d:supported-report><d:report><${r}/></d:report></d:supported-report>`,
        ).join(""),
      );
      add(
        carddav("supported-address-data"),
        () =>
          '<card:address-data-type content-type="text/vcard" version="3.0"/>' +
          '<card:address-data-type content-type="text/vcard" version="4.0"/>',
      );
      add(carddav("max-resource-size"), () => String(MAX_CARD_BYTES));
      add(dav("getcontenttype"), () => "text/directory");
      break;
    case "card":
      add(dav("resourcetype"), () => "");
      add(dav("getetag"), () => escapeXml(etagOf(resource.version)));
      add(dav("getcontenttype"), () => "text/vcard; charset=utf-8");
      add(dav("getlastmodified"), () => resource.updatedAt.toUTCString());
      if (resource.addressData !== undefined) {
        const data = resource.addressData;
        add(carddav("address-data"), () => escapeXml(data));
        add(dav("getcontentlength"), () => String(Buffer.byteLength(data)));
      }
      break;
  }
  return props;
}

// What allprop answers: the properties RFC 4918 defines, not the discovery ones.
const ALLPROP = new Set(
  [
    "resourcetype",
    "displayname",
    "getetag",
    "getcontenttype",
    "getlastmodified",
    "getcontentlength",
  ].map((name) => keyOf(dav(name))),
);

export type PropRequest =
  { kind: "prop"; names: PropName[] } | { kind: "allprop" } | { kind: "propname" };

export function answerProps(
  resource: DavResource,
  scope: DavScope,
  request: PropRequest,
): { found: [PropName, string][]; missing: PropName[] } {
  const props = liveProps(resource, scope);
  if (request.kind === "propname") {
    return { found: [...props.values()].map(([p]) => [p, ""]), missing: [] };
  }
  if (request.kind === "allprop") {
    return {
      found: [...props.entries()].filter(([k]) => ALLPROP.has(k)).map(([, [p, get]]) => [p, get()]),
      missing: [],
    };
  }
  const found: [PropName, string][] = [];
  const missing: PropName[] = [];
  for (const name of request.names) {
    const prop = props.get(keyOf(name));
    if (prop) found.push([prop[0], prop[1]()]);
    else missing.push(name);
  }
  return { found, missing };
}

/** Whether answering these properties needs each card's text. */
export function needsAddressData(request: PropRequest): boolean {
  const names = request.kind === "prop" ? request.names : [];
  return names.some(
    (n) =>
      (n.ns === NS.carddav && n.name === "address-data") ||
      (n.ns === NS.dav && n.name === "getcontentlength"),
  );
}
