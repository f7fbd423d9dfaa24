// What access gating knows about the visitor: the session, and onboarding_completed from the
// user's settings. Both usually come from one read, GET /api/me. When that read fails (a 5xx or
// the network, not a 401), the session is asked of the auth server on its own, so a signed-in
// user with a failing settings read is treated as the spec says ("on a settings read error,
// non-/app paths go to /app/contacts") instead of being sent to sign in.
import { useQuery } from "@tanstack/react-query";
import type { GateInput } from "../lib/access-gating";
import { useMe } from "../lib/session/get-me";
import { readAuthSession } from "../lib/auth-client";

export type GateSession = {
  session: GateInput["session"];
  onboarding: GateInput["onboarding"];
  /** The signed-in user's id once known, from either read. */
  userId: string | null;
  /** Neither read answered: we cannot tell whether anyone is signed in. */
  isUnreachable: boolean;
  /**
   * The session is the device's copy from an earlier visit, not yet confirmed by the server: it
   * may be someone else's, so nothing is decided on it (no redirect).
   */
  isFromDeviceCopy: boolean;
  retry: () => void;
};

const AUTH_SESSION_QUERY_KEY = ["auth-session"] as const;

/** The signed-in, verified user's id according to the auth server, or null. */
async function readSessionUserId(): Promise<string | null> {
  const session = await readAuthSession();
  return session?.user.emailVerified ? session.user.id : null;
}

/** Data read before this page loaded can only have come from the device's copy. */
export function isFromEarlierVisit(dataUpdatedAt: number): boolean {
  return dataUpdatedAt > 0 && dataUpdatedAt < performance.timeOrigin;
}

export function useGateSession(): GateSession {
  const me = useMe();
  const isFromDeviceCopy = me.data !== undefined && isFromEarlierVisit(me.dataUpdatedAt);
  // Sticky: a refetch of a failed read without data goes back to "pending", which must not
  // turn into "loading" again (and unmount the page) every time a component asks for /api/me.
  const hasMeFailed = me.data === undefined && (me.isError || me.errorUpdatedAt > 0);
  const authSession = useQuery({
    queryKey: AUTH_SESSION_QUERY_KEY,
    queryFn: readSessionUserId,
    enabled: hasMeFailed,
  });
  const retry = () => {
    void me.refetch();
    if (hasMeFailed) void authSession.refetch();
  };

  const answer = (
    session: GateSession["session"],
    onboarding: GateSession["onboarding"],
    userId: string | null,
    isUnreachable = false,
  ): GateSession => ({ session, onboarding, userId, isUnreachable, isFromDeviceCopy, retry });

  if (me.data) {
    const onboarding = me.data.settings.onboardingCompleted ? "complete" : "incomplete";
    return answer("present", onboarding, me.data.user.id);
  }
  if (me.data === null) return answer("none", "loading", null);
  if (!hasMeFailed || authSession.isPending) return answer("loading", "loading", null);
  if (authSession.isError) return answer("loading", "loading", null, true);
  const userId = authSession.data ?? null;
  return userId ? answer("present", "error", userId) : answer("none", "loading", null);
}
