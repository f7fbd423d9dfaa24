// POST /api/feedback (spec 02 §2, §5, §7): a signed-in user's feedback, bug report or feature
// request, with an optional image, as multipart form data.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MESSAGES,
  FeedbackCreatedSchema,
} from "../../../core/feedback";
import { AppError } from "../../lib/app-error";
import { registerUploads } from "../../lib/file-upload";
import { readFeedbackForm } from "./feedback-form";
import { submitFeedback } from "./feedback.service";

export async function feedbackRoutes(fastify: FastifyInstance) {
  await registerUploads(fastify, { maxBytes: FEEDBACK_IMAGE_MAX_BYTES });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/feedback",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { response: { 201: FeedbackCreatedSchema } },
    },
    async (request, reply) => {
      const user = await app.findSessionUser(request);
      if (!user || !user.emailVerified)
        throw new AppError("UNAUTHORIZED", FEEDBACK_MESSAGES.loginRequired);
      const form = await readFeedbackForm(request);
      const created = await submitFeedback(
        {
          db: app.db,
          storage: app.storage,
          supportEmail: app.env.SUPPORT_EMAIL,
          appName: app.env.APP_NAME,
          now: app.clock.now(),
          kickOutbox: () => app.outbox.kick(),
        },
        { id: user.id, email: user.email, name: user.name },
        form,
      );
      return reply.status(201).send(created);
    },
  );
}
