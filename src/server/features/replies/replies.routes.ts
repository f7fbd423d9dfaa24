// /api/replies (what the assistant read from each reply, with Accept, Dismiss and Undo) and
// /api/settings/inbound (Settings → "Log by email").
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  AcceptReplyActionSchema,
  InboundSettingsSchema,
  ReplyActionSchema,
  ReplyListSchema,
} from "../../../core/replies";
import { AppError } from "../../lib/app-error";
import { contactContext } from "../contacts/contacts.public";
import type { InboundDeps } from "./handle-reply";
import { isInboundMailEnabled, regenerateForwardingAddress } from "./inbound-addresses";
import { acceptAction, dismissAction, getActionRow, undoAction } from "./reply-actions";
import {
  countPendingSuggestions,
  describeActions,
  inboundSettings,
  listReplies,
} from "./replies.service";

const ActionParams = z.object({ id: z.string() });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export async function repliesRoutes(fastify: FastifyInstance, opts: { inbound: InboundDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["replies"];

  async function answerAction(userId: string, id: string) {
    const [action] = await describeActions(
      db,
      userId,
      [await getActionRow(db, userId, id)],
      app.clock.now(),
    );
    return action!;
  }

  app.get(
    "/api/replies",
    {
      preHandler,
      schema: {
        tags,
        querystring: ListQuery,
        response: { 200: ReplyListSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, pendingCount, nextCursor } = await listReplies(
        db,
        request.user.id,
        request.query,
        app.clock.now(),
      );
      if (nextCursor) {
        const params = new URLSearchParams({
          limit: String(request.query.limit),
          cursor: nextCursor,
        });
        reply.header("link", `</api/replies?${params.toString()}>; rel="next"`);
      }
      return { items, pendingCount };
    },
  );

  // The bell's count, without the replies themselves.
  app.get(
    "/api/replies/pending-count",
    { preHandler, schema: { tags, response: { 200: z.object({ pendingCount: z.number() }) } } },
    async (request) => ({ pendingCount: await countPendingSuggestions(db, request.user.id) }),
  );

  app.post(
    "/api/replies/actions/:id/accept",
    {
      preHandler,
      schema: {
        tags,
        params: ActionParams,
        body: z.preprocess((v) => v ?? {}, AcceptReplyActionSchema),
        response: { 200: ReplyActionSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      await acceptAction(db, request.params.id, request.body, ctx);
      return answerAction(ctx.userId, request.params.id);
    },
  );

  app.post(
    "/api/replies/actions/:id/dismiss",
    {
      preHandler,
      schema: { tags, params: ActionParams, response: { 200: ReplyActionSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      await dismissAction(db, request.params.id, ctx);
      return answerAction(ctx.userId, request.params.id);
    },
  );

  app.post(
    "/api/replies/actions/:id/undo",
    {
      preHandler,
      schema: { tags, params: ActionParams, response: { 200: ReplyActionSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      await undoAction(db, request.params.id, ctx);
      return answerAction(ctx.userId, request.params.id);
    },
  );

  app.get(
    "/api/settings/inbound",
    { preHandler, schema: { tags, response: { 200: InboundSettingsSchema } } },
    async (request) => inboundSettings(db, app.env, request.user.id, opts.inbound.reader),
  );

  app.post(
    "/api/settings/inbound/forwarding-address",
    {
      preHandler,
      schema: { tags, response: { 200: InboundSettingsSchema, 400: ApiErrorSchema } },
    },
    async (request) => {
      if (!isInboundMailEnabled(app.env)) {
        throw new AppError(
          "BAD_REQUEST",
          "Inbound mail is not set up on this server, so there is no forwarding address.",
        );
      }
      await regenerateForwardingAddress(db, app.env, request.user.id);
      return inboundSettings(db, app.env, request.user.id, opts.inbound.reader);
    },
  );
}
