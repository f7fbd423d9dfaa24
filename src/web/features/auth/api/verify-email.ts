// The verification sequence of spec 01 §4/§7: the library verify (3 attempts, 1 s apart), the
// direct fallback, then session polling (6 × 0.5 s); and the subscription link-or-create call.
import {
  FALLBACK_SESSION_POLLS,
  FALLBACK_SESSION_POLL_MS,
  VERIFY_ATTEMPTS,
  VERIFY_ATTEMPT_DELAY_MS,
} from "../../../../core/constants";
import {
  categorizeVerificationFailure,
  type VerificationCategory,
  type VerificationParams,
} from "../lib/verification";
import { apiFetch, ApiRequestError } from "../../../lib/api-client";
import { logVerification } from "../../../lib/local-log";
import { every, pollForValue, repeatUntil } from "../../../lib/retry";

export type SessionUser = { id: string; email: string };

export type VerificationOutcome =
  | { kind: "verified"; user: SessionUser }
  | { kind: "failed"; category: VerificationCategory }
  | { kind: "no_session" }
  | { kind: "wait" };

type Attempt = { ok: true } | { ok: false; status: number; code?: string };

async function callLibraryVerify(token: string): Promise<Attempt> {
  try {
    const res = await fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
      credentials: "same-origin",
    });
    if (res.ok) return { ok: true };
    // Better Auth answers { code }; a fault caught by our error handler { error: { code } }.
    const body = (await res.json().catch(() => ({}))) as {
      code?: string;
      error?: { code?: string };
    };
    return { ok: false, status: res.status, code: body.code ?? body.error?.code };
  } catch {
    return { ok: false, status: 0, code: "NETWORK" };
  }
}

async function callFallback(params: VerificationParams): Promise<Attempt> {
  try {
    await apiFetch("/api/verify-email", {
      method: "POST",
      body: { type: params.type ?? "signup", token: params.token, token_hash: params.token },
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError)
      return { ok: false, status: error.status, code: error.code };
    return { ok: false, status: 0, code: "NETWORK" };
  }
}

// "Get session" (spec 01 §7): Better Auth answers null when there is none.
async function readSession(): Promise<SessionUser | null> {
  try {
    const session = await apiFetch<{ user: SessionUser } | null>("/api/auth/get-session");
    return session?.user ?? null;
  } catch {
    return null;
  }
}

function pollSession(): Promise<SessionUser | null> {
  return pollForValue(readSession, {
    attempts: FALLBACK_SESSION_POLLS,
    delayMs: every(FALLBACK_SESSION_POLL_MS),
  });
}

/** Links the paid checkout (with a session id) or creates the onboarding trial; false on failure. */
export async function linkOrCreateSubscription(sessionId: string | null): Promise<boolean> {
  try {
    await apiFetch("/api/billing/onboarding-subscription", {
      method: "POST",
      body: sessionId ? { sessionId } : {},
    });
    logVerification("subscription linked or created", sessionId ?? "trial");
    return true;
  } catch (error) {
    logVerification(
      "subscription link failed",
      error instanceof Error ? error.message : String(error),
    );
    return false;
  }
}

export async function runVerification(params: VerificationParams): Promise<VerificationOutcome> {
  logVerification("start", params.token ? "token present" : "no token");
  if (params.error) {
    logVerification("link carried an error", params.error);
    return { kind: "failed", category: categorizeVerificationFailure({ code: params.error }) };
  }
  if (!params.token) {
    // No link: someone who already has a session continues (spec 01 §4 step 6); others wait.
    const user = await readSession();
    return user ? { kind: "verified", user } : { kind: "wait" };
  }

  const token = params.token;
  const isFinal = (answer: Attempt) => {
    const category = answer.ok ? null : categorizeVerificationFailure(answer);
    return answer.ok || category === "expired" || category === "invalid";
  };
  const { value: last } = await repeatUntil(
    async (attempt) => {
      const answer = await callLibraryVerify(token);
      logVerification(
        `verify attempt ${attempt}`,
        answer.ok ? "ok" : `${answer.status} ${answer.code ?? ""}`,
      );
      return answer;
    },
    isFinal,
    { attempts: VERIFY_ATTEMPTS, delayMs: every(VERIFY_ATTEMPT_DELAY_MS) },
  );
  if (!last.ok && isFinal(last)) {
    return { kind: "failed", category: categorizeVerificationFailure(last) };
  }

  if (!last.ok) {
    const fallback = await callFallback(params);
    logVerification(
      "direct fallback",
      fallback.ok ? "ok" : `${fallback.status} ${fallback.code ?? ""}`,
    );
    if (!fallback.ok) {
      logVerification("failed", "Verification failed after all retry attempts");
      return { kind: "failed", category: categorizeVerificationFailure(fallback) };
    }
  }

  const user = await pollSession();
  if (!user) {
    logVerification("failed", "No session returned from verification after all retries");
    return { kind: "no_session" };
  }
  logVerification("verified", user.email);
  return { kind: "verified", user };
}
