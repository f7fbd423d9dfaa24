// One error handler: AppError → its status and message; validation → 400 naming the fields;
// anything else → 500 with the details only in the log, tied to the request id.
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { toConflictError } from "../lib/db-errors";

/** The body of every 5xx: a message for the person, and the id that finds the details in the log. */
export function internalErrorBody(requestId: string) {
  return {
    error: {
      code: "INTERNAL",
      message: "Something went wrong on our side. Please try again in a moment.",
      requestId,
    },
  };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = toConflictError(thrown) ?? thrown;
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, fields: error.fields },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[key] ??= issue.message ?? "is invalid";
      }
      const summary = Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ");
      return reply.status(400).send({
        error: { code: "BAD_REQUEST", message: `Please check your input. ${summary}`, fields },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
    } else if ((error.statusCode ?? 500) < 500) {
      const status = error.statusCode ?? 400;
      const message =
        status === 413
          ? "That upload is too large."
          : status === 415
            ? "That content type is not supported."
            : status === 429
              ? "Too many requests. Please wait a moment and try again."
              : error.message;
      const code =
        status === 413
          ? "PAYLOAD_TOO_LARGE"
          : status === 415
            ? "UNSUPPORTED_MEDIA_TYPE"
            : status === 429
              ? "RATE_LIMITED"
              : status === 404
                ? "NOT_FOUND"
                : "BAD_REQUEST";
      return reply.status(status).send({ error: { code, message } });
    } else {
      request.log.error({ err: error }, "unhandled error");
    }
    return reply.status(500).send(internalErrorBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: "NOT_FOUND",
        message: `No such endpoint: ${request.method} ${request.url.split("?")[0]}`,
      },
    });
  });
});
