// What a bug report carries when the user agrees (shown in the dialog before sending): the
// browser, the app's version and the newest entries of this browser's local error log.
import { FEEDBACK_ERROR_LOG_ENTRIES, type FeedbackDiagnostics } from "../../../../core/feedback";
import { readErrorLog } from "../../../lib/local-log";

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

export function collectDiagnostics(): FeedbackDiagnostics {
  return {
    browser: clip(navigator.userAgent, 500),
    appVersion: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "unknown",
    errorLog: readErrorLog()
      .slice(-FEEDBACK_ERROR_LOG_ENTRIES)
      .map((entry) => ({
        timestamp: clip(entry.timestamp, 40),
        level: clip(entry.level, 10),
        message: clip(entry.message, 2000),
        url: clip(entry.url, 2000),
      })),
  };
}
