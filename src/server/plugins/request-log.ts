// One log line per request at info ("GET /api/contacts 200 12 ms"), instead of Fastify's two;
// health checks and metric scrapes at debug, so a probe every few seconds does not bury the rest. The path is logged
// without its query, and a route with parameters by its pattern (/r/:token), so tokens in links
// stay out of the log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const HEALTH_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

function loggedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.includes(":")) return pattern;
  return request.url.split("?")[0]!;
}

export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  const path = loggedPath(request);
  const level = HEALTH_PATHS.has(path) ? "debug" : "info";
  const ms = Math.round(reply.elapsedTime);
  request.log[level](
    { method: request.method, path, statusCode: reply.statusCode, ms },
    `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
  );
}

export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onResponse", async (request, reply) => logRequest(request, reply));
});
