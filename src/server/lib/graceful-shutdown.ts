// SIGTERM/SIGINT: stop accepting, let in-flight work finish, close the database, exit 0.
// Work that never finishes must not hold the process forever: after the deadline it exits 1.
import type { FastifyBaseLogger } from "fastify";

export function closeOnSignals(options: {
  log: FastifyBaseLogger;
  timeoutSeconds: number;
  close: () => Promise<void>;
}): void {
  let isClosing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (isClosing) return;
      isClosing = true;
      options.log.info(`${signal} received, closing`);
      const deadline = setTimeout(() => {
        options.log.error(
          `still closing after ${options.timeoutSeconds} s (a request or connection did not finish); exiting`,
        );
        process.exit(1);
      }, options.timeoutSeconds * 1000);
      options.close().then(
        () => {
          clearTimeout(deadline);
          process.exit(0);
        },
        (error: unknown) => {
          options.log.error(error);
          process.exit(1);
        },
      );
    });
  }
}
