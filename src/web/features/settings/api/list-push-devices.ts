import { useQuery } from "@tanstack/react-query";
import type { PushDevices } from "../../../../core/push";
import { apiFetch } from "../../../lib/api-client";

export const PUSH_DEVICES_KEY = ["push", "devices"] as const;

// Every browser where the user turned push on.
export function listPushDevices(): Promise<PushDevices> {
  return apiFetch<PushDevices>("/api/push/subscriptions");
}

export function usePushDevices() {
  return useQuery({ queryKey: PUSH_DEVICES_KEY, queryFn: listPushDevices });
}
