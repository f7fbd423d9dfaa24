// Logs kept in the browser (spec 01 §3): errors and verification steps, 50 entries each.
import { LOCAL_LOG_LIMIT } from "../../core/constants";

export type ErrorLogEntry = {
  timestamp: string;
  level: "error" | "warn" | "info";
  message: string;
  url: string;
  deviceInfo: string;
  stack?: string;
};

export type VerificationLogEntry = { timestamp: string; step: string; detail?: string };

const ERROR_LOG_KEY = "tend.error-log";
const VERIFICATION_LOG_KEY = "tend.verification-log";

function read<T>(key: string): T[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function append<T>(key: string, entry: T): void {
  try {
    const entries = [...read<T>(key), entry].slice(-LOCAL_LOG_LIMIT);
    localStorage.setItem(key, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the log is a convenience, never a reason to fail.
  }
}

export function logError(error: unknown, level: ErrorLogEntry["level"] = "error"): void {
  const err = error instanceof Error ? error : new Error(String(error));
  append<ErrorLogEntry>(ERROR_LOG_KEY, {
    timestamp: new Date().toISOString(),
    level,
    message: err.message,
    url: window.location.href,
    deviceInfo: navigator.userAgent,
    stack: err.stack,
  });
}

export function readErrorLog(): ErrorLogEntry[] {
  return read<ErrorLogEntry>(ERROR_LOG_KEY);
}

export function clearErrorLog(): void {
  localStorage.removeItem(ERROR_LOG_KEY);
}

export function logVerification(step: string, detail?: string): void {
  append<VerificationLogEntry>(VERIFICATION_LOG_KEY, {
    timestamp: new Date().toISOString(),
    step,
    detail,
  });
}

export function readVerificationLog(): VerificationLogEntry[] {
  return read<VerificationLogEntry>(VERIFICATION_LOG_KEY);
}
