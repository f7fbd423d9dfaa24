// Writes a route marks `config: { idempotent: true }` accept an Idempotency-Key header: the
// first request reserves the key, its answer is recorded before it is sent, and a repeat with
// the same change gets that answer again instead of a second write (decision 287). An answer that
// carries a secret is recorded without it and rebuilt on a replay (`IdempotentSecretAnswer`).
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { idempotencyKeys } from "../db/schema/index";
import { AppError } from "../lib/app-error";

/**
 * For a write whose answer holds a secret shown once (a webhook's signing secret): the record
 * keeps what `record` leaves of a 2xx answer, and a replay sends what `replay` rebuilds from it,
 * so the secret is not copied into the keys' table for a day.
 */
export type IdempotentSecretAnswer = {
  record: (answer: unknown) => unknown;
  replay: (request: FastifyRequest, recorded: unknown) => Promise<unknown>;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header (plugins/idempotency.ts). */
    idempotent?: boolean | IdempotentSecretAnswer;
  }
  interface FastifyRequest {
    /** The key this request reserved, until its answer is recorded. */
    idempotencyRow: string | null;
  }
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,200}$/;
export const BAD_IDEMPOTENCY_KEY_MESSAGE =
  "The Idempotency-Key header must be 1 to 200 characters: letters, digits, '-', '_', ':' or '.'.";
export const REUSED_IDEMPOTENCY_KEY_MESSAGE =
  "This Idempotency-Key was already used for a different change. Send each change with a key of its own.";
export const CHANGE_IN_PROGRESS_MESSAGE = "This change is still being saved";
/** How long a key is remembered; the database upkeep job removes older ones. */
export const IDEMPOTENCY_KEY_KEEP_MS = 24 * 60 * 60 * 1000;

/** JSON with object keys sorted, so the same change hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new AppError("BAD_REQUEST", BAD_IDEMPOTENCY_KEY_MESSAGE);
  }
  return raw;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("idempotencyRow", null);

  async function reserve(request: FastifyRequest, reply: FastifyReply) {
    const key = readKey(request);
    if (key === null) return;
    const userId = request.user.id;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash("sha256")
      .update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`)
      .digest("hex");
    // A reservation dropped after a failure in between is taken again on the next turn.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [reserved] = await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (reserved) {
        request.idempotencyRow = reserved.id;
        return;
      }
      const [first] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first) continue;
      // A reservation with no answer after two minutes was left by a process that stopped
      // mid-request (nothing was committed with it): the key is free again.
      if (first.responseStatus === null) {
        const [abandoned] = await app.db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.id, first.id),
              isNull(idempotencyKeys.responseStatus),
              lt(idempotencyKeys.createdAt, sql`now() - interval '2 minutes'`),
            ),
          )
          .returning({ id: idempotencyKeys.id });
        if (abandoned) continue;
      }
      if (first.route !== route || first.requestHash !== requestHash) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", REUSED_IDEMPOTENCY_KEY_MESSAGE);
      }
      if (first.responseStatus === null) {
        throw new AppError("CHANGE_IN_PROGRESS", CHANGE_IN_PROGRESS_MESSAGE);
      }
      return replay(request, reply, first.responseStatus, first.responseBody);
    }
    throw new AppError("CHANGE_IN_PROGRESS", CHANGE_IN_PROGRESS_MESSAGE);
  }

  async function settle(request: FastifyRequest, status: number, body: string | null) {
    const id = request.idempotencyRow;
    if (!id) return;
    request.idempotencyRow = null;
    // A server failure wrote nothing the caller can rely on: the key is free to be tried again.
    if (status >= 500) {
      await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    } else {
      await app.db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(eq(idempotencyKeys.id, id));
    }
  }

  // Recorded from the answer object before it is serialized (and compressed), so a replay goes
  // through the route's response schema again.
  async function record(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const secretAnswer = secretAnswerOf(request);
    const kept =
      secretAnswer && reply.statusCode < 300 ? secretAnswer.record(payload) : (payload ?? null);
    await settle(request, reply.statusCode, JSON.stringify(kept));
    return payload;
  }
  async function recordUnserialized(request: FastifyRequest, reply: FastifyReply) {
    await settle(request, reply.statusCode, null);
  }

  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), reserve];
    route.preSerialization = [...[route.preSerialization ?? []].flat(), record];
    route.onResponse = [...[route.onResponse ?? []].flat(), recordUnserialized];
  });
});

function secretAnswerOf(request: FastifyRequest): IdempotentSecretAnswer | null {
  const option = request.routeOptions.config.idempotent;
  return typeof option === "object" ? option : null;
}

async function replay(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string | null,
) {
  const recorded = body === null ? null : (JSON.parse(body) as unknown);
  const secretAnswer = secretAnswerOf(request);
  const answer =
    secretAnswer && status < 300 ? await secretAnswer.replay(request, recorded) : recorded;
  reply.status(status).header("idempotent-replayed", "true");
  return reply.send(answer);
}
