// Work that goes on after its request's answer, one piece at a time: a failure reaches the log,
// and the server finishes what is queued before it closes its database.
import type { FastifyBaseLogger } from "fastify";

/** Beyond this many waiting pieces a new one is dropped: a flood cannot queue without end. */
const MAX_QUEUED = 1000;

export type BackgroundWork = {
  add: (name: string, work: () => Promise<unknown>) => void;
  /** Resolves once everything queued so far has finished. */
  settle: () => Promise<void>;
};

export function createBackgroundWork(log: Pick<FastifyBaseLogger, "error" | "warn">) {
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  return {
    add(name: string, work: () => Promise<unknown>) {
      if (queued >= MAX_QUEUED) {
        log.warn({ work: name }, "background work dropped: the queue is full");
        return;
      }
      queued += 1;
      tail = tail
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, work: name }, "background work failed"),
        )
        .finally(() => {
          queued -= 1;
        });
    },
    settle: () => tail,
  } satisfies BackgroundWork;
}
