// Password change and signing out other devices go to Better Auth's own endpoints; deleting the
// account to DELETE /api/account (which checks the password, decision 107).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "../../../lib/api-client";
import { authClient } from "../../../lib/auth-client";

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
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
  const { error } = await authClient.revokeOtherSessions();
  if (error) throw new Error(error.message ?? "We couldn't sign out your other devices.");
}

export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: signOutOtherDevices, retry: 0 });
}

export function deleteAccount(password: string): Promise<void> {
  return apiFetch<void>("/api/account", { method: "DELETE", body: { password } });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    retry: 0,
    onSuccess: () => queryClient.clear(),
  });
}
