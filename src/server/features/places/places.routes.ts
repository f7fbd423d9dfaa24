// GET /api/geocode (place search), GET /api/geocode/country (is this text a country?) and
// GET /api/map/static.svg (a location preview). Signed-in users only.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  GeocodeAnswerSchema,
  GeocodeQuerySchema,
  PlaceSchema,
  StaticMapQuerySchema,
} from "../../../core/places";
import { findCountry } from "./gazetteer";
import { createGeocoder } from "./geocoder";
import { renderStaticMap } from "./static-map";

// Rendered previews by their parameters: a contact list shows the same few places again and again.
const STATIC_MAP_CACHE_SIZE = 200;

export async function placesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const geocoder = createGeocoder({ env: app.env, log: app.log });

  app.get(
    "/api/geocode",
    {
      preHandler: app.requireUser,
      schema: { querystring: GeocodeQuerySchema, response: { 200: GeocodeAnswerSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, max-age=300");
      return { results: await geocoder.search(request.query) };
    },
  );

  // The location search's country rule (spec 02 §5): free text that names a known country,
  // in any language ICU knows or a common short form ("Deutschland", "USA"), is a country.
  app.get(
    "/api/geocode/country",
    {
      preHandler: app.requireUser,
      schema: {
        querystring: z.object({
          name: z.string().trim().min(1, "Type a country name in name.").max(200),
        }),
        response: { 200: z.object({ country: PlaceSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, max-age=3600");
      return { country: findCountry(request.query.name) ?? null };
    },
  );

  const rendered = new Map<string, { svg: string; etag: string }>();
  app.get(
    "/api/map/static.svg",
    {
      preHandler: app.requireUser,
      schema: {
        querystring: StaticMapQuerySchema.extend({
          theme: z.enum(["light", "dark"], { error: "theme is light or dark." }).default("light"),
        }),
      },
    },
    async (request, reply) => {
      const key = JSON.stringify(request.query);
      let map = rendered.get(key);
      if (!map) {
        const svg = renderStaticMap(request.query);
        map = { svg, etag: `"${createHash("sha1").update(svg).digest("base64url")}"` };
        if (rendered.size >= STATIC_MAP_CACHE_SIZE) {
          rendered.delete(rendered.keys().next().value as string);
        }
      } else {
        rendered.delete(key);
      }
      rendered.set(key, map);
      reply
        .type("image/svg+xml")
        .header("cache-control", "private, max-age=604800")
        .header("etag", map.etag)
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === map.etag) return reply.status(304).send();
      return reply.send(map.svg);
    },
  );
}
