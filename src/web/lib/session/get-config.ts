import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../../core/public-config";
import { apiFetch } from "../api-client";

export function getConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>("/api/config");
}

export function useConfig() {
  return useQuery({ queryKey: ["config"], queryFn: getConfig, staleTime: Infinity });
}
