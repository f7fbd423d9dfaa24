// /api/v1: the stable API for scripts and assistants, with a personal access token. It has an
// OpenAPI 3.1 document of its own (/api/v1/openapi.json), drawn from the routes' schemas and
// rendered as a page at /api/v1/docs; both are public, as the API they describe is.
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_TOKEN_PREFIX } from "../../../core/api-tokens";
import { renderApiDocs } from "./v1-docs";
import { v1AccountRoutes } from "./v1-account.routes";
import { v1ContactRoutes } from "./v1-contacts.routes";
import { v1InteractionRoutes } from "./v1-interactions.routes";
import { v1WebhookRoutes } from "./v1-webhooks.routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The /api/v1 OpenAPI document. */
    v1Swagger: () => Record<string, unknown>;
  }
}

export const V1_DESCRIPTION = `Your contacts and their history, for scripts and AI assistants.

Authenticate with a personal access token from Settings → API tokens: \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`. A read token can read; a read-and-write token can also change. The session cookie of the app does not count here.

Every error has one shape: \`{ "error": { "code", "message", "fields"? } }\`. Each token may make a number of requests a minute, told in the \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` headers (429 past it). Send an \`Idempotency-Key\` header with a POST or PATCH to make a retry safe: a repeat with the same key and body gets the first answer again.`;

export async function v1Routes(app: FastifyInstance) {
  await app.register(swagger, {
    decorator: "v1Swagger",
    openapi: {
      openapi: "3.1.0",
      info: { title: `${app.env.APP_NAME} API`, version: "1", description: V1_DESCRIPTION },
      servers: [{ url: app.env.APP_URL }],
      components: {
        securitySchemes: {
          personalAccessToken: {
            type: "http",
            scheme: "bearer",
            description: `A personal access token (${API_TOKEN_PREFIX}…) from Settings → API tokens.`,
          },
        },
      },
      security: [{ personalAccessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(v1ContactRoutes);
  await app.register(v1InteractionRoutes);
  await app.register(v1AccountRoutes);
  await app.register(v1WebhookRoutes);

  let page: string | undefined;
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.v1Swagger());
  app.get("/api/v1/docs", { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderApiDocs(app.v1Swagger());
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
  });
}
