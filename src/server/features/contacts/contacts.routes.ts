// /api/contacts…: the address book. Every route needs a paid user and filters by their id.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONTACT_LIMIT } from "../../../core/constants";
import { countTags, selectContacts } from "../../../core/contact-list";
import { ContactListQuerySchema, ContactListSchema } from "../../../core/contact-list-schema";
import { ContactCreateSchema, ContactPatchSchema, ContactSchema } from "../../../core/contacts";
import {
  BulkRhythmResultSchema,
  BulkRhythmSchema,
  UndoableContactSchema,
  UndoResultSchema,
} from "../../../core/interactions";
import { toLocalDate } from "../../../core/rhythm";
import { ApiErrorSchema } from "../../../core/api-error";
import { assignRhythm, createContact, setArchived, updateContact } from "./contacts.mutations";
import { deleteContactRow, getContactRow, listStoredContacts } from "./contacts.queries";
import { contactContext } from "./contact-context";
import {
  encodeListAnswer,
  ListAnswerCache,
  listEtag,
  matchesEtag,
  pickEncoding,
} from "./contact-list-cache";
import { contactListSerializerCompiler, joinContactList } from "./contact-list-serializer";
import { ContactListStore, listedJsonOf } from "./contact-list-store";
import { toContact } from "./contacts.service";
import { interactionRoutes } from "./interactions.routes";
import { applyUndo } from "./undo.service";

export const ContactParamsSchema = z.object({ id: z.string() });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };
/** Memory for cached list answers (a full list is ~50 KB in brotli, ~0.9 MB as plain JSON). */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;
/** Memory for decoded contacts kept between reads (~3.7 MB, as estimated, for a user with 1,000 contacts). */
const LIST_STORE_BYTES = 128 * 1024 * 1024;

export async function contactsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];

  // Compressed list answers, per user, until their version or day changes (decision 140).
  const listCache = new ListAnswerCache(LIST_CACHE_BYTES);
  // Decoded contacts, per user, checked against the database on every new version (decision 195).
  const listStore = new ContactListStore(LIST_STORE_BYTES);

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
      serializerCompiler: contactListSerializerCompiler,
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
      const cached = listCache.get(ctx.userId, etag, encoding);
      if (cached) return bytes.send(cached);

      // The user's contacts kept decoded: after a write, one statement reads what changed.
      const all = await listStore.list(db, { ...ctx, version });
      const { items, counts } = selectContacts(all, request.query);
      if (items.length === all.length) listStore.arrange(ctx.userId, items);
      const json = joinContactList(
        {
          counts,
          total: all.length,
          limit: CONTACT_LIMIT,
          today: ctx.today,
          timeZone: ctx.timeZone,
        },
        items.map(listedJsonOf),
      );
      const body = encodeListAnswer(json, encoding);
      listCache.set(ctx.userId, etag, encoding, body);
      return bytes.send(body);
    },
  );

  app.get(
    "/api/contacts/tags",
    {
      preHandler,
      schema: {
        tags,
        response: {
          200: z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number() })) }),
        },
      },
    },
    async (request) => {
      const stored = await listStoredContacts(db, request.user.id);
      return { tags: countTags(stored.filter((c) => !c.archivedAt)) };
    },
  );

  app.post(
    "/api/contacts",
    {
      preHandler,
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
      schema: { tags, params: ContactParamsSchema, response: { 200: ContactSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return toContact(await getContactRow(db, ctx.userId, request.params.id), ctx);
    },
  );

  app.patch(
    "/api/contacts/:id",
    {
      preHandler,
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
      schema: { tags, params: ContactParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteContactRow(db, request.user.id, request.params.id);
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
}
