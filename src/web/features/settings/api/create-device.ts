import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatedDevice, DeviceCreateInput } from "../../../../core/devices";
import { apiFetch } from "../../../lib/api-client";
import { DEVICES_KEY } from "./list-devices";

// Makes a device password; the answer holds the password itself, which is never shown again.
export function createDevice(input: DeviceCreateInput): Promise<CreatedDevice> {
  return apiFetch("/api/devices", { method: "POST", body: input });
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    // A second try after a lost answer would make a second password the person never saw.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
