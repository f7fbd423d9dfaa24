import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const isReachable = await app.database.ping();
    const isMigrated = isReachable && (await app.database.isMigrated());
    const isReady = isReachable && isMigrated;
    return reply.status(isReady ? 200 : 503).send({
      status: isReady ? "ready" : "not ready",
      database: isReachable,
      migrated: isMigrated,
    });
  });
}
