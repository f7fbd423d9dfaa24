import { useQuery } from "@tanstack/react-query";
import type { PushConfig } from "../../../../core/push";
import { apiFetch } from "../../../lib/api-client";

export const PUSH_CONFIG_KEY = ["push", "config"] as const;

// The server's public key (the browser subscribes with it) and the user's in-app push choice.
export function getPushConfig(): Promise<PushConfig> {
  return apiFetch<PushConfig>("/api/push/config");
}

export function usePushConfig() {
  return useQuery({ queryKey: PUSH_CONFIG_KEY, queryFn: getPushConfig });
}
