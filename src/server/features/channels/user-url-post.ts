// Posting a chat message to a URL a user gave (their ntfy server, their webhook): always through
// safeFetch, with the answer mapped to what the outbox does next — a refusal is permanent, a
// timeout, a rate limit or a server error is tried again later.
import type { Env } from "../../env";
import { safeFetch, SafeFetchError } from "../../lib/safe-fetch";
import { DeliveryError } from "../outbox/outbox.public";

// The receiver asked for time (408 Request Timeout, 425 Too Early, 429 Too Many Requests).
const RETRY_LATER_STATUSES = new Set([408, 425, 429]);
const ERROR_SNIPPET_CHARS = 200;

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || RETRY_LATER_STATUSES.has(status);
}

async function errorSnippet(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    // ntfy answers {"code":40101,"http":401,"error":"unauthorized",…}; many webhooks {"error":…}.
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const said = parsed.error ?? parsed.message;
    if (typeof said === "string") return said.slice(0, ERROR_SNIPPET_CHARS);
  } catch {
    // not JSON: the text itself
  }
  return text.replace(/\s+/g, " ").trim().slice(0, ERROR_SNIPPET_CHARS);
}

/** POSTs `body` to `url`; resolves with the status of a 2xx answer, else throws a DeliveryError. */
export async function postToUserUrl(
  url: string,
  init: { headers: Record<string, string>; body: string },
  options: { env: Env; peer: string },
): Promise<number> {
  let res: Response;
  try {
    res = await safeFetch(
      url,
      { method: "POST", headers: init.headers, body: init.body },
      { allowPrivate: options.env.ALLOW_PRIVATE_WEBHOOKS },
    );
  } catch (error) {
    if (error instanceof SafeFetchError) throw new DeliveryError(error.message, error.isPermanent);
    throw error;
  }
  if (res.status >= 200 && res.status < 300) {
    await res.body?.cancel();
    return res.status;
  }
  const said = await errorSnippet(res);
  throw new DeliveryError(
    `${options.peer} answered ${res.status}${said ? `: ${said}` : ""}`,
    !isRetryableStatus(res.status),
    res.status,
  );
}
