import { ERROR_STATUS, type ErrorCode } from "../../core/api-error";

// Thrown by services; the error handler turns it into the one error shape with a message a
// person can act on.
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}

export function notFound(what = "That item"): AppError {
  return new AppError("NOT_FOUND", `${what} was not found.`);
}
