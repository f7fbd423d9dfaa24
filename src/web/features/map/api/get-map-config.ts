import { useQuery } from "@tanstack/react-query";
import type { MapConfig } from "../../../../core/map-config";
import { apiFetch } from "../../../lib/api-client";

export const MAP_CONFIG_KEY = ["map", "config"] as const;

export function getMapConfig(): Promise<MapConfig> {
  return apiFetch<MapConfig>("/api/map/config");
}

export function useMapConfig() {
  return useQuery({ queryKey: MAP_CONFIG_KEY, queryFn: getMapConfig });
}
