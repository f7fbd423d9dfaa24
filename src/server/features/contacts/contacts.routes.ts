// /api/contacts…: the address book. Every route needs a paid user and filters by their id.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONTACT_LIMIT } from "../../../core/constants";
import { selectContacts } from "../../../core/contact-list";
import { ContactListQuerySchema, ContactListSchema } from "../../../core/contact-list-schema";
import { ContactCreateSchema, ContactPatchSchema, ContactSchema } from "../../../core/contacts";
import { ContactDetailSchema } from "../../../core/households";
import {
  BulkRhythmResultSchema,
  BulkRhythmSchema,
  UndoableContactSchema,
  UndoResultSchema,
} from "../../../core/interactions";
import { toLocalDate } from "../../../core/rhythm";
import { ApiErrorSchema } from "../../../core/api-error";
import { assignRhythm, createContact, setArchived, updateContact } from "./contacts.mutations";
import { deleteContactRow, getContactRow, listContactRows } from "./contacts.queries";
import { contactContext } from "./contact-context";
import {
  createListAnswerCache,
  encodeListAnswer,
  listEtag,
  matchesEtag,
  pickEncoding,
} from "./contact-list-cache";
import { toContact } from "./contact-view";
import { contactPhotoRoutes } from "./contact-photo.routes";
import { groupRhythmRoutes } from "./group-rhythms.routes";
import { interactionRoutes } from "./interactions.routes";
import { mergeRoutes } from "./merge.routes";
import { householdRoutes } from "./households.routes";
import { findHouseholdOf } from "./households.service";
import { relationshipRoutes } from "./relationships.routes";
import { applyUndo } from "./undo.service";

export const ContactParamsSchema = z.object({ id: z.string() });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };
/** Memory for cached list answers (a full list is ~50 KB in brotli, ~0.9 MB as plain JSON). */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

export async function contactsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];

  const listCache = createListAnswerCache(LIST_CACHE_BYTES);

  app.get(
    "/api/contacts",
    {
      preHandler,
      schema: {
        tags,
        querystring: ContactListQuerySchema,
        response: {
          200: ContactListSchema,
          304: z.null().describe("Not modified: the If-None-Match tag is current"),
          400: ApiErrorSchema,
        },
      },
      // The handler compresses the answer itself, once per version (contact-list-cache.ts).
      compress: false,
    },
    async (request, reply) => {
      const base = await contactContext(app, request);
      const ctx = { ...base, today: toLocalDate(base.now, base.timeZone) };
      // requirePaidUser read the version with the rest of the account, before the list below:
      // an answer is never older than the version it is kept under.
      const version = request.account?.contactListVersion ?? 0;
      const etag = listEtag({
        userId: ctx.userId,
        version,
        timeZone: ctx.timeZone,
        today: ctx.today,
        query: request.query,
      });
      reply
        .header("etag", etag)
        .header("cache-control", "private, no-cache")
        .header("vary", "accept-encoding");
      if (matchesEtag(request.headers["if-none-match"], etag)) {
        return reply.status(304).send(null);
      }
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      reply.header("content-type", "application/json; charset=utf-8");
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      // Bytes, sent as they are (no serializer, no compression plugin).
      const bytes = reply as FastifyReply;
      const key = `${etag} ${encoding}`;
      const cached = listCache.get(key);
      if (cached) return bytes.send(cached);

      const rows = await listContactRows(db, ctx.userId);
      const { items, counts } = selectContacts(
        rows.map((row) => toContact(row, ctx)),
        request.query,
      );
      // Parsing is the allow-list: only the schema's fields reach the browser.
      const list = ContactListSchema.parse({
        items,
        counts,
        total: rows.length,
        limit: CONTACT_LIMIT,
        today: ctx.today,
        timeZone: ctx.timeZone,
      });
      const body = encodeListAnswer(Buffer.from(JSON.stringify(list)), encoding);
      listCache.set(key, body);
      return bytes.send(body);
    },
  );

  app.post(
    "/api/contacts",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        body: ContactCreateSchema,
        response: { 201: ContactSchema, 400: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const row = await createContact(db, request.body, ctx);
      return reply.status(201).send(toContact(row, ctx));
    },
  );

  app.post(
    "/api/contacts/bulk/rhythm",
    {
      preHandler,
      schema: {
        tags,
        body: BulkRhythmSchema,
        response: { 200: BulkRhythmResultSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return assignRhythm(db, request.body, ctx);
    },
  );

  app.post(
    "/api/contacts/undo/:undoId",
    {
      preHandler,
      // An undo queued offline is sent once: a repeat gets the first answer, not "already undone".
      config: { idempotent: true },
      schema: {
        tags,
        params: z.object({ undoId: z.string() }),
        response: { 200: UndoResultSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const rows = await applyUndo(db, request.params.undoId, ctx);
      return { contacts: rows.map((row) => toContact(row, ctx)) };
    },
  );

  app.get(
    "/api/contacts/:id",
    {
      preHandler,
      schema: {
        tags,
        params: ContactParamsSchema,
        response: { 200: ContactDetailSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const contact = toContact(await getContactRow(db, ctx.userId, request.params.id), ctx);
      return { ...contact, household: await findHouseholdOf(db, ctx.userId, contact.id) };
    },
  );

  app.patch(
    "/api/contacts/:id",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: ContactParamsSchema,
        body: ContactPatchSchema,
        response: { 200: ContactSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return toContact(await updateContact(db, request.params.id, request.body, ctx), ctx);
    },
  );

  app.delete(
    "/api/contacts/:id",
    {
      preHandler,
      config: { idempotent: true },
      schema: { tags, params: ContactParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const photoKey = await deleteContactRow(db, request.user.id, request.params.id);
      if (photoKey) await app.storage.delete("avatars", photoKey);
      return reply.status(204).send(null);
    },
  );

  for (const [action, isArchived] of [
    ["archive", true],
    ["unarchive", false],
  ] as const) {
    app.post(
      `/api/contacts/:id/${action}`,
      {
        preHandler,
        config: { idempotent: true },
        schema: {
          tags,
          params: ContactParamsSchema,
          response: { 200: UndoableContactSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = await contactContext(app, request);
        const { contact, undoId } = await setArchived(db, request.params.id, isArchived, ctx);
        return { ...toContact(contact, ctx), undoId };
      },
    );
  }

  await app.register(interactionRoutes);
  await app.register(groupRhythmRoutes);
  await app.register(contactPhotoRoutes);
  await app.register(mergeRoutes);
  await app.register(householdRoutes);
  await app.register(relationshipRoutes);
}
