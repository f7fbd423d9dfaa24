// The verify page's "direct fallback" (spec 01 §7): POST the token here when the library call
// failed for a reason other than invalid/expired. A 400 with `msg` is a refused token (invalid,
// expired); a 5xx is a server fault.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toWebHeaders } from "../../plugins/auth";
import { internalErrorBody } from "../../plugins/errors";

const FallbackBodySchema = z
  .object({
    type: z.string().max(40).optional(),
    token: z.string().max(4000).optional(),
    token_hash: z.string().max(4000).optional(),
  })
  .refine((b) => b.token || b.token_hash, { message: "token or token_hash is required" });

export async function verifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/verify-email",
    { schema: { body: FallbackBodySchema } },
    async (request, reply) => {
      const token = request.body.token_hash ?? request.body.token ?? "";
      const response = await app.auth.api.verifyEmail({
        query: { token },
        headers: toWebHeaders(request),
        asResponse: true,
      });
      app.setAuthCookies(reply, response.headers.getSetCookie());
      if (response.ok) return reply.status(200).send({ ok: true });
      const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      // A fault on our side stays a 5xx, so the page says "server" rather than "unknown".
      if (response.status >= 500) {
        request.log.error(
          { status: response.status, code: body.code, detail: body.message },
          "email verification failed on the server",
        );
        return reply.status(response.status).send(internalErrorBody(request.id));
      }
      const code = body.code ?? "VERIFICATION_FAILED";
      const msg = body.message ?? "Verification failed";
      return reply.status(400).send({ msg, error: { code, message: msg } });
    },
  );
}
