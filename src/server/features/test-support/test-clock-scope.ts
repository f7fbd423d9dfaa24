// Only with ENABLE_TEST_ROUTES: a browser test can move the server clock for its own requests
// alone, by sending the cookie `tend-test-clock=<offsetMs>`, instead of moving the shared clock
// (POST /api/test/clock) under every other test running at the same time.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export const TEST_CLOCK_COOKIE = "tend-test-clock";

const scope = new AsyncLocalStorage<number>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The offset of the current request's own clock, if it carries one. */
export function readScopedClockOffset(): number | undefined {
  return scope.getStore();
}

function readOffset(cookieHeader: string | undefined): number | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TEST_CLOCK_COOKIE}=(-?\\d+)`));
  return match ? Number(match[1]) : undefined;
}

export const testClockScopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, _reply, done) => {
    const offset = readOffset(request.headers.cookie);
    if (offset === undefined) return done();
    scope.run(offset, () => {
      // Body parsing runs on the socket's async context; re-enter ours after it (preValidation).
      const resource = new AsyncResource("tend-test-clock");
      resources.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const resource = resources.get(request);
    if (!resource) return done();
    resource.runInAsyncScope(done, request.raw);
  });
});
