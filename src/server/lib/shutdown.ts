// What the server and the worker log as close-with-grace stops them: on SIGTERM/SIGINT (or a
// crash) they finish their work, and after the deadline they exit 1 instead of hanging.
import type { BaseLogger } from "pino";

type Log = Pick<BaseLogger, "info" | "error">;

export function shutdownOptions(log: Log, timeoutSeconds: number) {
  return {
    delay: timeoutSeconds * 1000,
    logger: log,
    onTimeout: () =>
      log.error(
        `still closing after ${timeoutSeconds} s (a request or connection did not finish); exiting`,
      ),
  };
}

export function logShutdown(log: Log, event: { signal?: string; err?: Error }) {
  if (event.err) log.error(event.err, "closing after an uncaught error");
  else log.info(`${event.signal ?? "close"} received, closing`);
}
