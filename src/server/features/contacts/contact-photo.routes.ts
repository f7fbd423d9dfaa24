// POST /api/contacts/:id/photo (a multipart image) sets a contact's photo; DELETE removes it. The
// image is checked and re-encoded as an uploaded avatar is, and the old file leaves storage once
// the row no longer names it.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import { AVATAR_STORED_SIDE } from "../../../core/constants";
import { ContactSchema } from "../../../core/contacts";
import { CONTACT_PHOTO_MAX_BYTES } from "../../../core/import/photo-cell";
import { readFileUpload, registerUploads } from "../../lib/file-upload";
import { reencodeImage } from "../../lib/images";
import { contactPhotoKey } from "../../lib/storage/storage";
import { contactContext } from "./contact-context";
import { toContact } from "./contact-view";
import { getContactRow, updateContactRow } from "./contacts.queries";

export const CONTACT_PHOTO_MESSAGES = {
  notImage: "Please choose a photo (PNG, JPEG, GIF or WebP).",
  tooLarge: "The photo is too large. Choose one under 2 MB.",
};

export async function contactPhotoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app;
  const preHandler = app.requirePaidUser;
  const schema = {
    tags: ["contacts"],
    params: z.object({ id: z.string() }),
    response: { 200: ContactSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
  };
  await registerUploads(app, { maxBytes: CONTACT_PHOTO_MAX_BYTES });

  /** Names `photoKey` on the contact (the owner's only) and removes the file it replaces. */
  async function setPhotoKey(userId: string, contactId: string, photoKey: string | null) {
    const { row, previous } = await db.transaction(async (tx) => {
      const current = await getContactRow(tx, userId, contactId, { forUpdate: true });
      const updated = await updateContactRow(tx, userId, contactId, { photoKey });
      return { row: updated, previous: current.photoKey };
    });
    if (previous && previous !== photoKey) await storage.delete("avatars", previous);
    return row;
  }

  app.post(
    "/api/contacts/:id/photo",
    { preHandler, bodyLimit: CONTACT_PHOTO_MAX_BYTES + 64 * 1024, schema },
    async (request) => {
      const ctx = await contactContext(app, request);
      // The contact is looked up first: nothing is stored for someone else's or a missing one.
      await getContactRow(db, ctx.userId, request.params.id);
      const { bytes } = await readFileUpload(request, {
        maxBytes: CONTACT_PHOTO_MAX_BYTES,
        tooLargeMessage: CONTACT_PHOTO_MESSAGES.tooLarge,
        missingMessage: CONTACT_PHOTO_MESSAGES.notImage,
      });
      const image = await reencodeImage(bytes, {
        maxBytes: CONTACT_PHOTO_MAX_BYTES,
        square: AVATAR_STORED_SIDE,
        format: "webp",
        messages: CONTACT_PHOTO_MESSAGES,
      });
      const key = contactPhotoKey(ctx.userId, image.ext);
      await storage.put("avatars", key, image.bytes, image.contentType);
      try {
        return toContact(await setPhotoKey(ctx.userId, request.params.id, key), ctx);
      } catch (error) {
        // Deleted meanwhile: the new file has no row to name it.
        await storage.delete("avatars", key);
        throw error;
      }
    },
  );

  app.delete("/api/contacts/:id/photo", { preHandler, schema }, async (request) => {
    const ctx = await contactContext(app, request);
    return toContact(await setPhotoKey(ctx.userId, request.params.id, null), ctx);
  });
}
