// /api/profile: the signed-in user's own profile page (spec 02 §2): read, update, and the avatar
// (a generated style and seed, or an uploaded image). No id in the path: the session says whose.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AVATAR_IMAGE_MAX_BYTES } from "../../../core/constants";
import {
  AvatarUpdateSchema,
  AvatarUploadSchema,
  PROFILE_MESSAGES,
  ProfileSchema,
  ProfileUpdateSchema,
} from "../../../core/profile";
import { AppError } from "../../lib/app-error";
import { readFileUpload, registerUploads } from "../../lib/file-upload";
import { getProfile, storeAvatarUpload, updateAvatar, updateProfile } from "./profile.service";

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app;
  const tags = ["profile"];
  await registerUploads(app, { maxBytes: AVATAR_IMAGE_MAX_BYTES });

  app.get(
    "/api/profile",
    { preHandler: app.requireUser, schema: { tags, response: { 200: ProfileSchema } } },
    async (request) => {
      try {
        return await getProfile(db, request.user.id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The read creates a missing profile (spec 02 §4); say so when that fails.
        request.log.error({ err: error }, "could not read or create the profile");
        throw new AppError("INTERNAL", PROFILE_MESSAGES.createFailed);
      }
    },
  );

  app.patch(
    "/api/profile",
    {
      preHandler: app.requireUser,
      schema: { tags, body: ProfileUpdateSchema, response: { 200: ProfileSchema } },
    },
    async (request) => updateProfile(db, request.user.id, request.body),
  );

  app.post(
    "/api/profile/avatar/upload",
    {
      preHandler: app.requireUser,
      bodyLimit: AVATAR_IMAGE_MAX_BYTES + 64 * 1024,
      schema: { tags, response: { 200: AvatarUploadSchema } },
    },
    async (request) => {
      const { bytes } = await readFileUpload(request, {
        maxBytes: AVATAR_IMAGE_MAX_BYTES,
        tooLargeMessage: PROFILE_MESSAGES.tooLarge,
        missingMessage: PROFILE_MESSAGES.invalidFile,
      });
      return storeAvatarUpload({ storage, now: app.clock.now() }, request.user.id, bytes);
    },
  );

  app.put(
    "/api/profile/avatar",
    {
      preHandler: app.requireUser,
      schema: { tags, body: AvatarUpdateSchema, response: { 200: ProfileSchema } },
    },
    async (request) => updateAvatar({ db, storage }, request.user.id, request.body),
  );
}
