// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit 0.
// A request that never finishes must not hold the process forever: after the deadline it exits 1.
import type { FastifyInstance } from "fastify";

export function closeOnSignals(
  app: FastifyInstance,
  options: { timeoutSeconds: number; beforeClose?: () => void },
): void {
  let isClosing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (isClosing) return;
      isClosing = true;
      options.beforeClose?.();
      app.log.info(`${signal} received, closing`);
      const deadline = setTimeout(() => {
        app.log.error(
          `still closing after ${options.timeoutSeconds} s (a request or connection did not finish); exiting`,
        );
        process.exit(1);
      }, options.timeoutSeconds * 1000);
      app.close().then(
        () => {
          clearTimeout(deadline);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    });
  }
}
