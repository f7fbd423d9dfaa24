// CardDAV at /dav/ (RFC 6352 on RFC 4918, sync by RFC 6578): the account's contacts as one
// address book that iPhone, macOS, DAVx⁵ and Thunderbird sync with. Devices sign in with HTTP
// Basic (the account's email and a device password); read-only devices may not write.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasPaidAccess } from "../billing/billing.public";
import { contactContext } from "../contacts/contacts.public";
import { createRequestAccountReader } from "../../lib/request-account";
import { cardText, deleteCard, loadCards, putCard } from "./address-book.service";
import { loadCardPhotos } from "./card-photos";
import { DavError } from "./dav-error";
import { createDavAccess } from "./dav-access";
import { resolveDavPath, DAV_ROOT } from "./dav-paths";
import { etagOf, MAX_CARD_BYTES, type DavScope } from "./dav-props";
import { propfind, report, type DavRequestContext } from "./dav-reports";
import { readAcceptedVersion } from "./vcard-negotiation";
import {
  DavXmlError,
  errorXml,
  escapeXml,
  findChild,
  multistatusXml,
  NS,
  parseDavXml,
  propElement,
} from "./dav-xml";

const WEBDAV_METHODS = [
  "PROPFIND",
  "PROPPATCH",
  "REPORT",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
];
const ROUTE_METHODS = ["GET", "PUT", "DELETE", "OPTIONS", "POST", ...WEBDAV_METHODS];
const ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT";
const XML = "application/xml; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";

function sendXml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type(XML).send(body);
}

function sendDavError(reply: FastifyReply, error: DavError) {
  if (error.condition)
    return sendXml(reply, error.status, errorXml(error.condition, error.message));
  return reply.code(error.status).type(TEXT).send(error.message);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export async function davRoutes(fastify: FastifyInstance) {
  for (const method of WEBDAV_METHODS) {
    if (!fastify.supportedMethods.includes(method))
      fastify.addHttpMethod(method, { hasBody: true });
  }
  const app = fastify;
  const checkAccess = createDavAccess({
    db: app.db,
    requestsPerMinute: app.env.DAV_REQUESTS_PER_MINUTE,
    now: () => app.clock.now(),
  });
  const readAccount = createRequestAccountReader(app.database);
  const realm = `${app.env.APP_NAME} phone sync`;
  const syncBase = new URL("/dav/sync/", app.appUrl).toString();

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    reply.header("dav", "1, 3, addressbook");
    if (request.method === "OPTIONS") return reply.header("allow", ALLOW).code(200).send();
    const access = await checkAccess(request);
    if (access.kind === "unauthorized") {
      return reply
        .code(401)
        .header("www-authenticate", `Basic realm="${realm}", charset="UTF-8"`)
        .type(TEXT)
        .send(
          `Sign in with your ${app.env.APP_NAME} email and a device password from Settings → Phone sync.`,
        );
    }
    if (access.kind === "limited") {
      return reply
        .code(503)
        .header("retry-after", String(access.retryAfter))
        .type(TEXT)
        .send(`Too many sync requests: try again in ${access.retryAfter} seconds.`);
    }
    const { device } = access;
    const account = await readAccount(device.userId);
    if (!account || !(await hasPaidAccess(app.billing, device.userId, account.billing))) {
      return reply
        .code(403)
        .type(TEXT)
        .send(`Your ${app.env.APP_NAME} subscription is not active: phone sync is paused.`);
    }
    request.user = { id: device.userId, email: device.email, name: "", emailVerified: true };
    request.account = account;
    const r: DavRequestContext = {
      db: app.db,
      storage: app.storage,
      ctx: await contactContext(app, request),
      scope: {
        email: device.email,
        isWritable: device.access === "read-write",
        bookName: app.env.APP_NAME,
        syncBase,
      } satisfies DavScope,
    };
    const target = resolveDavPath(request.url);
    // A new collection has nowhere to go (RFC 4918 §9.3.1: 403): one address book per account,
    // holding cards only (RFC 6352 §5.2).
    if (request.method === "MKCOL" && (target.kind === "none" || target.kind === "card")) {
      return reply
        .code(403)
        .type(TEXT)
        .send(
          "Folders cannot be made here: your account has one address book, and it holds only contact cards.",
        );
    }
    if (target.kind === "none") return reply.code(404).type(TEXT).send("Nothing is here.");
    try {
      return await dispatch(request, reply, r, target);
    } catch (error) {
      if (error instanceof DavError) return sendDavError(reply, error);
      if (error instanceof DavXmlError) return reply.code(400).type(TEXT).send(error.message);
      throw error;
    }
  }

  async function dispatch(
    request: FastifyRequest,
    reply: FastifyReply,
    r: DavRequestContext,
    target: Exclude<ReturnType<typeof resolveDavPath>, { kind: "none" }>,
  ) {
    const body = typeof request.body === "string" ? request.body : "";
    const isWrite = ["PUT", "DELETE", "PROPPATCH"].includes(request.method);
    if (isWrite && !r.scope.isWritable) {
      throw new DavError(
        403,
        "This device password is read-only: create a read-and-write one in Settings → Phone sync to change contacts from this device.",
        { ns: NS.dav, name: "need-privileges" },
      );
    }
    switch (request.method) {
      case "PROPFIND": {
        const depth = header(request, "depth") === "0" ? "0" : "1";
        return sendXml(reply, 207, await propfind(r, target, depth, parseDavXml(body)));
      }
      case "REPORT":
        return sendXml(reply, 207, await report(r, target, parseDavXml(body)));
      case "PROPPATCH":
        return sendXml(reply, 207, proppatchRefusal(request.url, parseDavXml(body)));
      case "GET": {
        if (target.kind !== "card") {
          return reply
            .type(TEXT)
            .send(
              `${app.env.APP_NAME} phone sync (CardDAV). Add ${new URL(DAV_ROOT, app.appUrl)} to your phone's contacts accounts.`,
            );
        }
        const [card] = await loadCards(r.db, r.ctx.userId, [target.name]);
        if (!card) throw new DavError(404, "There is no card here.");
        const photos = await loadCardPhotos(r.storage, [card]);
        const version = readAcceptedVersion(header(request, "accept"));
        return reply
          .header("etag", etagOf(card.version))
          .header("last-modified", card.contact.updatedAt.toUTCString())
          .header("vary", "Accept")
          .type("text/vcard; charset=utf-8")
          .send(cardText(card, r.ctx, { version, photo: photos.get(card.contactId) }));
      }
      case "PUT": {
        if (target.kind !== "card") throw new DavError(405, "Cards go inside the address book.");
        const outcome = await putCard(r.db, {
          name: target.name,
          body,
          ctx: r.ctx,
          storage: r.storage,
          ifMatch: header(request, "if-match"),
          ifNoneMatch: header(request, "if-none-match"),
        });
        return reply.code(outcome === "created" ? 201 : 204).send();
      }
      case "DELETE": {
        if (target.kind !== "card") {
          throw new DavError(
            403,
            "The address book itself cannot be deleted; delete cards inside it.",
          );
        }
        await deleteCard(r.db, {
          name: target.name,
          ctx: r.ctx,
          ifMatch: header(request, "if-match"),
        });
        return reply.code(204).send();
      }
      default:
        return reply
          .code(405)
          .header("allow", ALLOW)
          .type(TEXT)
          .send(`${request.method} is not supported here: this is an address book of contacts.`);
    }
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: MAX_CARD_BYTES },
      (_request, body, done) => done(null, body),
    );
    const options = { schema: { hide: true } };
    scope.route({ method: ROUTE_METHODS, url: "/dav", ...options, handler: handle });
    scope.route({ method: ROUTE_METHODS, url: "/dav/*", ...options, handler: handle });
    // Phones look here first (RFC 6764) when given only the server's name.
    scope.route({
      method: ["GET", "PROPFIND", "OPTIONS"],
      url: "/.well-known/carddav",
      ...options,
      handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
    });
  });
}

// Nothing about the book is the phone's to rename: each property set is refused (403).
function proppatchRefusal(path: string, root: ReturnType<typeof parseDavXml>): string {
  const names = [
    ...(findChild(root, NS.dav, "set")?.children ?? []),
    ...(findChild(root, NS.dav, "remove")?.children ?? []),
  ].flatMap((op) => op.children.map((p) => ({ ns: p.ns, name: p.name })));
  return multistatusXml([
    `<d:response><d:href>${escapeXml(path.split("?")[0]!)}</d:href><d:propstat><d:prop>${names
      .map((p) => propElement(p))
      .join("")}</d:prop><d:status>HTTP/1.1 403 Forbidden</d:status></d:propstat></d:response>`,
  ]);
}
