// /api/tags…: the user's tags as groups, and a group's default rhythm.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  GroupRhythmInputSchema,
  GroupRhythmResultSchema,
  TagListSchema,
  TagParamsSchema,
} from "../../../core/group-rhythm-schema";
import { contactContext } from "./contact-context";
import { listTagSummaries, setGroupRhythm } from "./group-rhythms.service";

export async function groupRhythmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];

  app.get(
    "/api/contacts/tags",
    { preHandler, schema: { tags, response: { 200: TagListSchema } } },
    async (request) => ({ tags: await listTagSummaries(db, request.user.id) }),
  );

  app.put(
    "/api/tags/:name",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: TagParamsSchema,
        body: GroupRhythmInputSchema,
        response: { 200: GroupRhythmResultSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return setGroupRhythm(
        db,
        {
          tag: request.params.name,
          rhythm: request.body.rhythm ?? null,
          preview: request.body.preview,
        },
        ctx,
      );
    },
  );
}
