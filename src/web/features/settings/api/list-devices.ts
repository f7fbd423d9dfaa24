import { useQuery } from "@tanstack/react-query";
import type { Devices } from "../../../../core/devices";
import { apiFetch } from "../../../lib/api-client";

export const DEVICES_KEY = ["devices"] as const;

// Phone sync's server address, user name and device passwords (never their secrets).
export function listDevices(): Promise<Devices> {
  return apiFetch<Devices>("/api/devices");
}

export function useDevices() {
  return useQuery({ queryKey: DEVICES_KEY, queryFn: listDevices });
}
