// GET /api/contacts/duplicates lists likely duplicates with their reasons; POST
// /api/contacts/merge merges copies into one contact, /merge/bulk several groups at once; both
// answer an undoId for POST /api/contacts/undo/:undoId.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  BulkMergeResultSchema,
  BulkMergeSchema,
  ContactMergeSchema,
  DuplicatesSchema,
} from "../../../core/contact-merge";
import { UndoableContactSchema } from "../../../core/interactions";
import { toLocalDate } from "../../../core/rhythm";
import { contactContext } from "./contact-context";
import { toContact } from "./contact-view";
import { findDuplicates, mergeContacts } from "./merge.service";

export async function mergeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];
  const errors = {
    400: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
    422: ApiErrorSchema,
  };

  // Photo files of merges that can no longer be undone; a failure leaves a file, not an error.
  async function removePhotos(keys: string[]) {
    for (const key of keys) {
      await storage.delete("avatars", key).catch((error: unknown) => {
        app.log.warn({ err: error, key }, "could not remove a merged contact's photo");
      });
    }
  }

  app.get(
    "/api/contacts/duplicates",
    { preHandler, schema: { tags, response: { 200: DuplicatesSchema } } },
    async (request) => {
      const base = await contactContext(app, request);
      const ctx = { ...base, today: toLocalDate(base.now, base.timeZone) };
      const groups = await findDuplicates(db, ctx.userId);
      return {
        groups: groups.map(({ rows, reasons, score }) => ({
          contacts: rows.map((row) => toContact(row, ctx)),
          reasons,
          score,
        })),
      };
    },
  );

  app.post(
    "/api/contacts/merge",
    {
      preHandler,
      schema: {
        tags,
        body: ContactMergeSchema,
        response: { 200: UndoableContactSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const result = await mergeContacts(db, [request.body], ctx);
      await removePhotos(result.unusedPhotoKeys);
      return { ...toContact(result.contacts[0]!, ctx), undoId: result.undoId };
    },
  );

  app.post(
    "/api/contacts/merge/bulk",
    {
      preHandler,
      schema: { tags, body: BulkMergeSchema, response: { 200: BulkMergeResultSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const result = await mergeContacts(db, request.body.merges, ctx);
      await removePhotos(result.unusedPhotoKeys);
      return { contacts: result.contacts.map((row) => toContact(row, ctx)), undoId: result.undoId };
    },
  );
}
