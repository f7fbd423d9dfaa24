// Returning from single sign-on or an email link (spec 02 §4, onboarding wrapper): poll for the
// session 4 times at 300 ms, then keep looking for up to 5 s more before giving up.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  SSO_SESSION_POLL_MS,
  SSO_SESSION_POLLS,
  SSO_SIGN_IN_WAIT_MS,
} from "../../../../core/constants";
import type { Me } from "../../../../core/account";
import { getMe, ME_QUERY_KEY } from "../../../lib/session/get-me";
import { every, pollForValue } from "../../../lib/retry";
import { sleep } from "../../../lib/utils";

const RETURN_PARAMS = ["ssoprovider", "access_token", "token_hash"];
const SIGN_IN_CHECK_MS = 1000;

export function hasAuthReturnParams(search: string, hash: string): boolean {
  const lists = [new URLSearchParams(search), new URLSearchParams(hash.replace(/^#/, ""))];
  return lists.some((params) => RETURN_PARAMS.some((name) => params.has(name)));
}

export async function pollForSession(deps: {
  read: () => Promise<Me | null>;
  sleep: (ms: number) => Promise<void>;
}): Promise<Me | null> {
  const quick = await pollForValue(deps.read, {
    attempts: SSO_SESSION_POLLS,
    delayMs: every(SSO_SESSION_POLL_MS),
    sleep: deps.sleep,
  });
  if (quick) return quick;
  // The last quick poll waits its 300 ms too; then a read each second for the sign-in wait.
  await deps.sleep(SSO_SESSION_POLL_MS);
  await deps.sleep(SIGN_IN_CHECK_MS);
  return pollForValue(deps.read, {
    attempts: SSO_SIGN_IN_WAIT_MS / SIGN_IN_CHECK_MS,
    delayMs: every(SIGN_IN_CHECK_MS),
    sleep: deps.sleep,
  });
}

export type SessionReturn =
  | { status: "idle" | "polling" | "signed-out" }
  | { status: "signed-in"; email: string; emailVerified: boolean };

export function useSessionReturn(isReturning: boolean): SessionReturn {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionReturn>({
    status: isReturning ? "polling" : "idle",
  });
  useEffect(() => {
    if (!isReturning) return;
    let isCancelled = false;
    const read = () =>
      queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: 0 });
    void pollForSession({ read, sleep }).then((me) => {
      if (isCancelled) return;
      setState(
        me
          ? { status: "signed-in", email: me.user.email, emailVerified: me.user.emailVerified }
          : { status: "signed-out" },
      );
    });
    return () => {
      isCancelled = true;
    };
  }, [isReturning, queryClient]);
  return state;
}
