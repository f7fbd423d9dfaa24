// Serves stored files (lib/storage) to the one user who may see them: the owner named by the
// key. Anyone else, or no session, gets 404, so the answer does not reveal that a file exists.
// The bytes were re-encoded on upload (lib/images.ts); the headers keep a browser from reading
// them as anything but that image.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { detectImageFormat } from "../../lib/images";
import { BUCKETS, isSafeKey, ownerOfKey } from "../../lib/storage/storage";

const NOT_FOUND = "That file was not found.";

export async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/files/:bucket/*",
    {
      schema: {
        hide: true,
        params: z.object({ bucket: z.enum(BUCKETS), "*": z.string() }),
      },
    },
    async (request, reply) => {
      const { bucket, "*": key } = request.params;
      const user = await app.findSessionUser(request);
      if (!user || !isSafeKey(key) || ownerOfKey(bucket, key) !== user.id)
        throw new AppError("NOT_FOUND", NOT_FOUND);
      const file = await app.storage.get(bucket, key);
      if (!file) throw new AppError("NOT_FOUND", NOT_FOUND);
      // The type comes from the stored bytes themselves, not from a name or stored metadata.
      const format = detectImageFormat(file.bytes);
      if (format !== "webp" && format !== "png") throw new AppError("NOT_FOUND", NOT_FOUND);
      // Keys carry a timestamp and are never rewritten, so a copy never goes stale; "private"
      // keeps shared caches from holding a file that is only this user's.
      return reply
        .type(`image/${format}`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("content-disposition", "inline")
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(file.bytes);
    },
  );
}
