// GET /api/map/config: the world map's settings for the signed-in user (spec 02 §7
// get-mapbox-token, adapted): offline by default, a vendor style + token when configured.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MapConfigSchema } from "../../../core/map-config";
import { isValidCoordinate } from "../../../core/map";
import { profiles } from "../../db/schema/index";

export async function mapRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app;

  app.get(
    "/api/map/config",
    { preHandler: app.requireUser, schema: { response: { 200: MapConfigSchema } } },
    async (request) => {
      const [profile] = await db
        .select({ latitude: profiles.latitude, longitude: profiles.longitude })
        .from(profiles)
        .where(eq(profiles.id, request.user.id));
      return {
        styleUrl: env.MAP_STYLE_URL ?? null,
        token: env.MAP_STYLE_URL ? (env.MAP_TOKEN ?? null) : null,
        home:
          profile && isValidCoordinate(profile.latitude, profile.longitude)
            ? { latitude: profile.latitude as number, longitude: profile.longitude as number }
            : null,
      };
    },
  );
}
