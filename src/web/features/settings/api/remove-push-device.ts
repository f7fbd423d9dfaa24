import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PushDevices } from "../../../../core/push";
import { apiFetch } from "../../../lib/api-client";
import { PUSH_DEVICES_KEY } from "./list-push-devices";
import { THIS_DEVICE_PUSH_KEY } from "./this-device-push";

// Stops pushes to one device of the list (the browser's own subscription stays until it is used).
export function removePushDevice(id: string): Promise<PushDevices> {
  return apiFetch<PushDevices>(`/api/push/subscriptions/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: async (devices) => {
      queryClient.setQueryData(PUSH_DEVICES_KEY, devices);
      await queryClient.invalidateQueries({ queryKey: THIS_DEVICE_PUSH_KEY });
    },
  });
}
