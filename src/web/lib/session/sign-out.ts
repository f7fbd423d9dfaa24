import { useMutation, useQueryClient } from "@tanstack/react-query";
import { loadAuthClient } from "../auth-client";
import { queryCachePersister } from "../persisted-query-cache";

/** How long sign-out waits for this browser's push to be turned off (offline, it cannot be). */
const PUSH_OFF_WAIT_MS = 3000;

/**
 * This browser stops getting the user's pushes (they name their contacts): unsubscribed and
 * forgotten by the server while the session still lets it ask. Never holds up the sign-out.
 */
async function turnOffPushHere(): Promise<void> {
  const off = import("../browser-push").then(({ turnOffPush }) => turnOffPush()).catch(() => {});
  await Promise.race([off, new Promise((resolve) => setTimeout(resolve, PUSH_OFF_WAIT_MS))]);
}

export async function signOut(): Promise<void> {
  await turnOffPushHere();
  const authClient = await loadAuthClient();
  const { error } = await authClient.signOut();
  if (error) throw new Error(error.message ?? "Sign out failed");
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Cleared first: nothing is saved for the user after their copy is deleted.
    onSuccess: async () => {
      queryClient.clear();
      await queryCachePersister.forget();
    },
  });
}
