// /api/v1/contacts…: the address book for scripts and assistants, through the same services as
// the app's own routes. Every answer about one contact carries its ETag (its updatedAt, quoted);
// PATCH with If-Match on it is refused with 412 when someone changed the contact since.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { filterContacts } from "../../../core/contact-list";
import { toLocalDate } from "../../../core/rhythm";
import type { Contact } from "../../../core/contacts";
import { ContactCreateSchema } from "../../../core/contacts";
import { SnoozeInputSchema } from "../../../core/interactions";
import { AppError } from "../../lib/app-error";
import {
  contactContext,
  createContact,
  findContactCircle,
  getContactRow,
  isUuid,
  listContactPageRows,
  listContactRows,
  setArchived,
  snoozeContact,
  toContact,
  updateContact,
} from "../contacts/contacts.public";
import { countTags } from "../../../core/contact-list";
import {
  V1_ERRORS,
  V1ContactDetailSchema,
  V1ContactListQuerySchema,
  V1ContactPageSchema,
  V1ContactParamsSchema,
  V1ContactPatchSchema,
  V1ContactSchema,
  V1DueQuerySchema,
  V1DueSchema,
  V1TagsSchema,
} from "./v1.schemas";

export const STALE_ETAG_MESSAGE =
  "This contact was changed since the version your If-Match names. Fetch it again (GET) and apply your change to what it is now.";
const BAD_CURSOR_MESSAGE =
  "This cursor is not one this API gave out. Start again from the first page, without a cursor.";

export function contactEtag(contact: Pick<Contact, "updatedAt">): string {
  return `"${contact.updatedAt}"`;
}

/** The updatedAt an If-Match names; undefined for none or `*`. */
function versionFromIfMatch(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value || value === "*") return undefined;
  const tag = value.replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
  const at = Date.parse(tag);
  if (Number.isNaN(at)) {
    throw new AppError(
      "PRECONDITION_FAILED",
      "If-Match must be the contact's ETag, as a GET of the contact answers it.",
    );
  }
  return new Date(at).toISOString();
}

function encodeCursor(id: string): string {
  return Buffer.from(id).toString("base64url");
}

function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const id = Buffer.from(cursor, "base64url").toString();
  if (!isUuid(id))
    throw new AppError("BAD_REQUEST", BAD_CURSOR_MESSAGE, { cursor: BAD_CURSOR_MESSAGE });
  return id.toLowerCase();
}

function sendContact(reply: FastifyReply, contact: Contact, status = 200) {
  return reply.status(status).header("etag", contactEtag(contact)).send(contact);
}

export async function v1ContactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["contacts"];
  const read = { apiToken: "read" } as const;
  const write = { apiToken: "write", idempotent: true } as const;

  app.get(
    "/api/v1/contacts",
    {
      config: read,
      schema: {
        tags,
        summary: "List contacts, a page at a time",
        description:
          "Contacts in a stable order: follow `nextCursor` until it is null. Contacts changed or added while you page are neither skipped nor repeated; filters combine.",
        querystring: V1ContactListQuerySchema,
        response: { 200: V1ContactPageSchema, ...V1_ERRORS },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const today = toLocalDate(ctx.now, ctx.timeZone);
      const { limit, q, state, tag, archived } = request.query;
      const hasFilters = Boolean(q || state || tag);
      const rows = await listContactPageRows(db, ctx.userId, {
        afterId: decodeCursor(request.query.cursor),
        isArchived: archived,
        updatedSince: request.query.updatedSince ? new Date(request.query.updatedSince) : undefined,
        limit: hasFilters ? undefined : limit + 1,
      });
      const contacts = rows.map((row) => toContact(row, { ...ctx, today }));
      const { items } = hasFilters
        ? filterContacts(contacts, { q, state, tag, archived })
        : { items: contacts };
      const page = items.slice(0, limit);
      const isLast = items.length <= limit;
      return { items: page, nextCursor: isLast ? null : encodeCursor(page.at(-1)!.id) };
    },
  );

  app.get(
    "/api/v1/contacts/due",
    {
      config: read,
      schema: {
        tags,
        summary: "Who is due",
        description:
          "Contacts to get in touch with, most overdue first: the overdue and those due soon, or every contact due within `withinDays`.",
        querystring: V1DueQuerySchema,
        response: { 200: V1DueSchema, ...V1_ERRORS },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const today = toLocalDate(ctx.now, ctx.timeZone);
      const { withinDays } = request.query;
      const rows = await listContactPageRows(db, ctx.userId, { isArchived: false });
      const items = rows
        .map((row) => toContact(row, { ...ctx, today }))
        .filter((c) =>
          withinDays === undefined
            ? c.state === "overdue" || c.state === "due_soon"
            : c.daysUntilDue !== null && c.daysUntilDue <= withinDays,
        )
        .sort((a, b) => (a.daysUntilDue ?? 0) - (b.daysUntilDue ?? 0) || a.id.localeCompare(b.id));
      return { today, timeZone: ctx.timeZone, items };
    },
  );

  app.get(
    "/api/v1/tags",
    {
      config: read,
      schema: {
        tags,
        summary: "Tags in use",
        description:
          "Every tag on a contact that is not archived, with how many contacts carry it.",
        response: { 200: V1TagsSchema, ...V1_ERRORS },
      },
    },
    async (request) => {
      const rows = await listContactRows(db, request.user.id);
      return { tags: countTags(rows.filter((c) => !c.archivedAt)) };
    },
  );

  app.post(
    "/api/v1/contacts",
    {
      config: write,
      schema: {
        tags,
        summary: "Add a contact",
        description: "A first or last name is required; every other field is optional.",
        body: ContactCreateSchema,
        response: { 201: V1ContactSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const row = await createContact(db, request.body, ctx);
      return sendContact(reply, toContact(row, ctx), 201);
    },
  );

  app.get(
    "/api/v1/contacts/:id",
    {
      config: read,
      schema: {
        tags,
        summary: "Get a contact",
        description:
          "The contact with its relationships (what each other person is to this one: partner, child, a word of the user's) and the household it is in, or null.",
        params: V1ContactParamsSchema,
        response: { 200: V1ContactDetailSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const row = await getContactRow(db, ctx.userId, request.params.id);
      const contact = toContact(row, ctx);
      const circle = await findContactCircle(db, ctx.userId, contact.id);
      return reply.header("etag", contactEtag(contact)).send({ ...contact, ...circle });
    },
  );

  app.patch(
    "/api/v1/contacts/:id",
    {
      config: write,
      schema: {
        tags,
        summary: "Change a contact",
        description:
          "Send only the fields to change. With `If-Match: <ETag>` the change is refused (412) when the contact changed since you read it.",
        params: V1ContactParamsSchema,
        body: V1ContactPatchSchema,
        response: { 200: V1ContactSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const expectedUpdatedAt = versionFromIfMatch(request.headers["if-match"]);
      try {
        const row = await updateContact(
          db,
          request.params.id,
          { ...request.body, expectedUpdatedAt },
          ctx,
        );
        return sendContact(reply, toContact(row, ctx));
      } catch (error) {
        if (error instanceof AppError && error.code === "CONFLICT") {
          throw new AppError("PRECONDITION_FAILED", STALE_ETAG_MESSAGE);
        }
        throw error;
      }
    },
  );

  for (const [action, isArchived, summary] of [
    ["archive", true, "Archive a contact"],
    ["restore", false, "Restore an archived contact"],
  ] as const) {
    app.post(
      `/api/v1/contacts/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary,
          params: V1ContactParamsSchema,
          response: { 200: V1ContactSchema, ...V1_ERRORS },
        },
      },
      async (request, reply) => {
        const ctx = await contactContext(app, request);
        const { contact } = await setArchived(db, request.params.id, isArchived, ctx);
        return sendContact(reply, toContact(contact, ctx));
      },
    );
  }

  app.post(
    "/api/v1/contacts/:id/snooze",
    {
      config: write,
      schema: {
        tags,
        summary: "Snooze a contact",
        description:
          "Moves the due date later: by `days` from today (or from the due date, when that is later), or `until` a day.",
        params: V1ContactParamsSchema,
        body: SnoozeInputSchema,
        response: { 200: V1ContactSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const { contact } = await snoozeContact(db, request.params.id, request.body, ctx);
      return sendContact(reply, toContact(contact, ctx));
    },
  );
}
