import { useMutation, useQueryClient } from "@tanstack/react-query";
import { loadAuthClient } from "../auth-client";
import { queryCachePersister } from "../persisted-query-cache";

export async function signOut(): Promise<void> {
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
