// Password change, email change and signing out other devices go to Better Auth's own endpoints;
// deleting the account to DELETE /api/account (which checks the password, or the typed email of
// an account without one).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "../../../lib/api-client";
import { loadAuthClient } from "../../../lib/auth-client";
import { queryCachePersister } from "../../../lib/persisted-query-cache";

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.changePassword({ ...input, revokeOtherSessions: true });
  if (error?.code === "INVALID_PASSWORD") {
    const message = "Your current password is not right.";
    throw new ApiRequestError(400, error.code, message, { currentPassword: message });
  }
  if (error) throw new Error(error.message ?? "We couldn't change your password.");
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: 0 });
}

export async function signOutOtherDevices(): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.revokeOtherSessions();
  if (error) throw new Error(error.message ?? "We couldn't sign out your other devices.");
}

export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: signOutOtherDevices, retry: 0 });
}

/** Mails a link to the new address; the email changes only when it is opened. */
export async function changeEmail(newEmail: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.changeEmail({ newEmail });
  if (!error) return;
  if (error.status === 429) {
    throw new Error("Too many requests. Please wait a minute and try again.");
  }
  throw new Error(
    error.message === "Email is the same"
      ? "That is already your sign-in email."
      : (error.message ?? "We couldn't send the confirmation link. Please try again."),
  );
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, retry: 0 });
}

/** With a password: the password. Without one (Google sign-in): the account's email. */
export type DeleteConfirmation = { password: string } | { email: string };

export function deleteAccount(confirmation: DeleteConfirmation): Promise<void> {
  return apiFetch<void>("/api/account", { method: "DELETE", body: confirmation });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    retry: 0,
    onSuccess: async () => {
      queryClient.clear();
      await queryCachePersister.forget();
    },
  });
}
