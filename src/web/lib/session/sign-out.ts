import { useMutation, useQueryClient } from "@tanstack/react-query";
import { loadAuthClient } from "../auth-client";

export async function signOut(): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signOut();
  if (error) throw new Error(error.message ?? "Sign out failed");
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => queryClient.clear(),
  });
}
