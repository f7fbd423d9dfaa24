// The verification sequence of spec 01 §4/§7: the library verify (3 attempts, 1 s apart), the
// direct fallback, session polling (6 × 0.5 s), then link-or-create the subscription.
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
} from "../../../../core/verification";
import type { Me } from "../../../../core/account";
import { apiFetch, ApiRequestError } from "../../../lib/api-client";
import { logVerification } from "../../../lib/local-log";
import { sleep } from "../../../lib/utils";
import { getMe } from "../../account/api/get-me";

export type VerificationOutcome =
  | { kind: "verified"; me: Me }
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
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { ok: false, status: res.status, code: body.code };
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

async function pollSession(): Promise<Me | null> {
  for (let i = 0; i < FALLBACK_SESSION_POLLS; i++) {
    const me = await getMe().catch(() => null);
    if (me) return me;
    await sleep(FALLBACK_SESSION_POLL_MS);
  }
  return null;
}

export async function linkOrCreateSubscription(sessionId: string | null): Promise<void> {
  try {
    await apiFetch("/api/billing/onboarding-subscription", {
      method: "POST",
      body: sessionId ? { sessionId } : {},
    });
    logVerification("subscription linked or created", sessionId ?? "trial");
  } catch (error) {
    // Access gating sends a user without a subscription to /subscribe; verification itself worked.
    logVerification(
      "subscription link failed",
      error instanceof Error ? error.message : String(error),
    );
  }
}

export async function runVerification(params: VerificationParams): Promise<VerificationOutcome> {
  logVerification("start", params.token ? "token present" : "no token");
  if (params.error) {
    logVerification("link carried an error", params.error);
    return { kind: "failed", category: categorizeVerificationFailure({ code: params.error }) };
  }
  if (!params.token) {
    const me = await getMe().catch(() => null);
    return me ? { kind: "verified", me } : { kind: "wait" };
  }

  let last: Attempt = { ok: false, status: 0 };
  for (let attempt = 1; attempt <= VERIFY_ATTEMPTS; attempt++) {
    last = await callLibraryVerify(params.token);
    logVerification(
      `verify attempt ${attempt}`,
      last.ok ? "ok" : `${last.status} ${last.code ?? ""}`,
    );
    if (last.ok) break;
    const category = categorizeVerificationFailure(last);
    if (category === "expired" || category === "invalid") return { kind: "failed", category };
    if (attempt < VERIFY_ATTEMPTS) await sleep(VERIFY_ATTEMPT_DELAY_MS);
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

  const me = await pollSession();
  if (!me) {
    logVerification("failed", "No session returned from verification after all retries");
    return { kind: "no_session" };
  }
  logVerification("verified", me.user.email);
  return { kind: "verified", me };
}
