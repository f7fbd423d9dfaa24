// PROPFIND and the REPORTs phones sync with: addressbook-multiget, addressbook-query and
// sync-collection (RFC 6578). Each answers a multistatus; a removed or archived card is
// reported gone (404) to a sync, so it leaves the phone.
import { parseVcardProperties } from "../../../core/import/vcard-parse";
import type { VcardVersion } from "../../../core/import/vcard-write";
import type { Db } from "../../db/client";
import type { Storage } from "../../lib/storage/storage";
import type { ContactContext } from "../contacts/contacts.public";
import { cardName, getBookVersion, listChangesSince } from "./address-book.queries";
import { cardText, loadCards } from "./address-book.service";
import { loadCardPhotos, type CardPhotos } from "./card-photos";
import { DavError } from "./dav-error";
import {
  BOOK_PATH,
  cardHref,
  cardNameOfHref,
  DAV_ROOT,
  HOME_PATH,
  PRINCIPAL_PATH,
  type DavTarget,
} from "./dav-paths";
import {
  answerProps,
  needsAddressData,
  type DavResource,
  type DavScope,
  type PropRequest,
} from "./dav-props";
import { cardMatchesFilter } from "./dav-query";
import { readAddressDataVersion } from "./vcard-negotiation";
import {
  findChild,
  findChildren,
  multistatusXml,
  NS,
  responseXml,
  statusResponseXml,
  type PropName,
  type XmlElement,
} from "./dav-xml";

export type DavRequestContext = { db: Db; storage: Storage; ctx: ContactContext; scope: DavScope };

export function readPropRequest(root: XmlElement | null): PropRequest {
  if (!root || findChild(root, NS.dav, "allprop")) return { kind: "allprop" };
  if (findChild(root, NS.dav, "propname")) return { kind: "propname" };
  const prop = findChild(root, NS.dav, "prop");
  if (!prop) return { kind: "allprop" };
  return { kind: "prop", names: prop.children.map((c): PropName => ({ ns: c.ns, name: c.name })) };
}

const COLLECTION_PATHS = {
  root: DAV_ROOT,
  principal: PRINCIPAL_PATH,
  home: HOME_PATH,
  book: BOOK_PATH,
} as const;

function collectionResponse(
  kind: keyof typeof COLLECTION_PATHS,
  r: DavRequestContext,
  request: PropRequest,
  version: number,
): string {
  const resource: DavResource = kind === "book" ? { kind, version } : { kind };
  return responseXml(COLLECTION_PATHS[kind], answerProps(resource, r.scope, request));
}

type LoadedCard = Awaited<ReturnType<typeof loadCards>>[number];

/** How cards are written for one request: its vCard version, and the photos when text is sent. */
type CardOutput = { request: PropRequest; version: VcardVersion; photos: CardPhotos };

async function cardOutput(
  r: DavRequestContext,
  request: PropRequest,
  version: VcardVersion,
  cards: readonly LoadedCard[],
): Promise<CardOutput> {
  const photos = needsAddressData(request) ? await loadCardPhotos(r.storage, cards) : new Map();
  return { request, version, photos };
}

function textOf(card: LoadedCard, r: DavRequestContext, out: CardOutput): string {
  return cardText(card, r.ctx, { version: out.version, photo: out.photos.get(card.contactId) });
}

function cardResponse(card: LoadedCard, r: DavRequestContext, out: CardOutput, text?: string) {
  const resource: DavResource = {
    kind: "card",
    href: cardHref(cardName(card)),
    version: card.version,
    updatedAt: card.contact.updatedAt,
    addressData: text ?? (needsAddressData(out.request) ? textOf(card, r, out) : undefined),
  };
  return responseXml(resource.href, answerProps(resource, r.scope, out.request));
}

const CHILDREN: Record<"root" | "principal" | "home", (keyof typeof COLLECTION_PATHS)[]> = {
  root: ["principal", "home"],
  principal: [],
  home: ["book"],
};

export async function propfind(
  r: DavRequestContext,
  target: Exclude<DavTarget, { kind: "none" }>,
  depth: "0" | "1",
  body: XmlElement | null,
): Promise<string> {
  const { db, ctx } = r;
  const request = readPropRequest(body);
  const vcardVersion = readAddressDataVersion(body);
  if (target.kind === "card") {
    const [card] = await loadCards(db, ctx.userId, [target.name]);
    if (!card) throw new DavError(404, "There is no card here.");
    const out = await cardOutput(r, request, vcardVersion, [card]);
    return multistatusXml([cardResponse(card, r, out)]);
  }
  const version = await getBookVersion(db, ctx.userId);
  const responses = [collectionResponse(target.kind, r, request, version)];
  if (depth === "1") {
    if (target.kind === "book") {
      const cards = await loadCards(db, ctx.userId);
      const out = await cardOutput(r, request, vcardVersion, cards);
      for (const card of cards) responses.push(cardResponse(card, r, out));
    } else {
      for (const child of CHILDREN[target.kind]) {
        responses.push(collectionResponse(child, r, request, version));
      }
    }
  }
  return multistatusXml(responses);
}

async function multiget(r: DavRequestContext, root: XmlElement, request: CardRequest) {
  const hrefs = findChildren(root, NS.dav, "href").map((h) => h.text);
  const names = hrefs.map((href) => cardNameOfHref(href));
  const cards = await loadCards(
    r.db,
    r.ctx.userId,
    names.filter((n): n is string => n !== null),
  );
  const out = await cardOutput(r, request.props, request.version, cards);
  const byName = new Map(cards.map((card) => [cardName(card), card]));
  const lowerName = new Map(cards.map((card) => [cardName(card).toLowerCase(), card]));
  return multistatusXml(
    hrefs.map((href, i) => {
      const name = names[i];
      const card = name ? (byName.get(name) ?? lowerName.get(name.toLowerCase())) : undefined;
      return card ? cardResponse(card, r, out) : statusResponseXml(href, "404 Not Found");
    }),
  );
}

async function query(r: DavRequestContext, root: XmlElement, request: CardRequest) {
  const filter = findChild(root, NS.carddav, "filter");
  const limit = Number(
    findChild(findChild(root, NS.carddav, "limit"), NS.carddav, "nresults")?.text,
  );
  const responses: string[] = [];
  const cards = await loadCards(r.db, r.ctx.userId);
  const out = await cardOutput(r, request.props, request.version, cards);
  for (const card of cards) {
    const text = textOf(card, r, out);
    const [properties = []] = parseVcardProperties(text);
    if (!cardMatchesFilter(properties, filter)) continue;
    if (Number.isInteger(limit) && limit > 0 && responses.length >= limit) break;
    responses.push(cardResponse(card, r, out, needsAddressData(out.request) ? text : undefined));
  }
  return multistatusXml(responses);
}

type CardRequest = { props: PropRequest; version: VcardVersion };

const VALID_SYNC_TOKEN: PropName = { ns: NS.dav, name: "valid-sync-token" };

function readSyncToken(scope: DavScope, token: string, current: number): number | null {
  if (!token) return null;
  const version = token.startsWith(scope.syncBase)
    ? Number(token.slice(scope.syncBase.length))
    : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 0 || version > current) {
    throw new DavError(
      403,
      "This sync token is not one this address book gave out: sync again from the start.",
      VALID_SYNC_TOKEN,
    );
  }
  return version;
}

async function syncCollection(r: DavRequestContext, root: XmlElement, request: CardRequest) {
  const { db, ctx, scope } = r;
  // Read before the cards: a change made meanwhile is reported again next time, never missed.
  const current = await getBookVersion(db, ctx.userId);
  const since = readSyncToken(
    scope,
    findChild(root, NS.dav, "sync-token")?.text.trim() ?? "",
    current,
  );
  const tokenXml = `<d:sync-token>${scope.syncBase}${current}</d:sync-token>`;
  if (since === null) {
    const cards = await loadCards(db, ctx.userId);
    const out = await cardOutput(r, request.props, request.version, cards);
    return multistatusXml(
      cards.map((card) => cardResponse(card, r, out)),
      tokenXml,
    );
  }
  const changes = await listChangesSince(db, ctx.userId, since);
  const changed = changes.filter((c) => !c.isRemoved).map((c) => c.name);
  const loaded = await loadCards(db, ctx.userId, changed);
  const out = await cardOutput(r, request.props, request.version, loaded);
  const cards = new Map(loaded.map((card) => [cardName(card), card]));
  const responses = changes.map((change) => {
    const card = cards.get(change.name);
    return card && !change.isRemoved
      ? cardResponse(card, r, out)
      : statusResponseXml(cardHref(change.name), "404 Not Found");
  });
  return multistatusXml(responses, tokenXml);
}

const SUPPORTED_REPORT: PropName = { ns: NS.dav, name: "supported-report" };

export async function report(
  r: DavRequestContext,
  target: Exclude<DavTarget, { kind: "none" }>,
  root: XmlElement | null,
): Promise<string> {
  if (!root) throw new DavError(400, "A REPORT needs an XML body naming the report.");
  const request: CardRequest = {
    props: readPropRequest(root),
    version: readAddressDataVersion(root),
  };
  const isBook = target.kind === "book";
  if (
    root.ns === NS.carddav &&
    root.name === "addressbook-multiget" &&
    (isBook || target.kind === "card")
  )
    return multiget(r, root, request);
  if (root.ns === NS.carddav && root.name === "addressbook-query" && isBook)
    return query(r, root, request);
  if (root.ns === NS.dav && root.name === "sync-collection" && isBook)
    return syncCollection(r, root, request);
  throw new DavError(
    403,
    `This resource does not answer the ${root.name} report.`,
    SUPPORTED_REPORT,
  );
}
