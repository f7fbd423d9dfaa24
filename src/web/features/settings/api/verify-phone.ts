import { useMutation, useQueryClient } from "@tanstack/react-query";
import { loadAuthClient } from "../../../lib/auth-client";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { phoneCodeErrorMessage } from "./phone-code-error";

// Checks the texted code; the server marks the signed-in user's own number verified and keeps
// the current session.
export async function verifyPhone(input: { phoneNumber: string; code: string }): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.phoneNumber.verify({ ...input, disableSession: true });
  if (error) throw new Error(phoneCodeErrorMessage(error));
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    // A wrong code spends one of three attempts: never resend it behind the user's back.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
