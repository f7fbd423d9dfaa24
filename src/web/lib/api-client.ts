// The one way the browser talks to /api: same-origin, cookie session, errors parsed once into
// ApiRequestError with the server's user-facing message.
import type { ApiError } from "../../core/api-error";

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** "text": answer the body as text (a file to download) rather than parsed JSON. */
  responseType?: "json" | "text";
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// The ApiErrorSchema shape, checked by hand: this module is on every page, the static landing
// page's included, and zod is not.
function readApiError(data: unknown): ApiError | null {
  const error = isRecord(data) ? data.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || typeof error.message !== "string")
    return null;
  const fields = isRecord(error.fields)
    ? Object.fromEntries(
        Object.entries(error.fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      )
    : undefined;
  const requestId = typeof error.requestId === "string" ? error.requestId : undefined;
  return { error: { code: error.code, message: error.message, fields, requestId } };
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** apiFetch, plus the response headers (a list's next page is announced in `Link`). */
export async function apiFetchWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const { method = "GET", body, signal, responseType = "json", headers: extra } = options;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: {
        ...(body === undefined || isForm ? {} : { "content-type": "application/json" }),
        ...extra,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(
      0,
      "NETWORK",
      "We couldn't reach the server. Check your connection and try again.",
    );
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = readApiError(data);
    if (body) {
      const { code, message, fields } = body.error;
      throw new ApiRequestError(response.status, code, message, fields);
    }
    const message = (data as { message?: string } | undefined)?.message;
    throw new ApiRequestError(
      response.status,
      "HTTP_ERROR",
      message ?? `Request failed (${response.status}).`,
    );
  }
  return { data: (responseType === "text" ? text : data) as T, headers: response.headers };
}

export function errorMessage(error: unknown, fallback = "An unexpected error occurred"): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
