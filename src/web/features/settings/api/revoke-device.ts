import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { DEVICES_KEY } from "./list-devices";

// Revokes a device password: the phone's next sync is refused.
export function revokeDevice(id: string): Promise<void> {
  return apiFetch<void>(`/api/devices/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
