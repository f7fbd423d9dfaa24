import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  // Ready = the database answers and every committed migration is applied.
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    const isReachable = await app.database.ping();
    let pendingMigrations: string[] = [];
    if (isReachable) {
      try {
        pendingMigrations = await app.database.listPendingMigrations();
      } catch (error) {
        request.log.error({ err: error }, "could not read the applied migrations");
        return reply.status(503).send({
          status: "not ready",
          database: true,
          migrated: false,
          message: "Could not read which migrations are applied.",
        });
      }
    }
    const isMigrated = isReachable && pendingMigrations.length === 0;
    if (isMigrated) return { status: "ready", database: true, migrated: true };
    return reply.status(503).send({
      status: "not ready",
      database: isReachable,
      migrated: false,
      ...(isReachable
        ? {
            pendingMigrations,
            message: `Migrations not applied: ${pendingMigrations.join(", ")}. Restart the server or run "npm run db:migrate".`,
          }
        : { message: "The database is not reachable." }),
    });
  });
}
