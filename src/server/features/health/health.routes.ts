// /healthz (alive) and /readyz (database reachable, migrations applied), whose body also tells an
// operator how the background jobs are doing: the last scheduler run and the oldest unsent message.
import type { FastifyInstance } from "fastify";
import { readJobHealth } from "../../jobs/job-health";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  // Ready = the database answers and every committed migration is applied.
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    // Shutting down: a load balancer stops sending new requests before the listener closes.
    if (app.lifecycle.isDraining) {
      return reply.status(503).send({
        status: "shutting down",
        message: "This instance is shutting down; send requests to another one.",
      });
    }
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
    if (isMigrated) {
      const jobs = await readJobHealth(app.db, new Date()).catch((error: unknown) => {
        request.log.error({ err: error }, "could not read the background jobs' health");
        return null;
      });
      return { status: "ready", database: true, migrated: true, jobs };
    }
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
