import { useQuery } from "@tanstack/react-query";
import type { InboundSettings } from "../../../../core/replies";
import { apiFetch } from "../../../lib/api-client";

export const INBOUND_SETTINGS_KEY = ["settings", "inbound"] as const;

// Settings → Log by email: the forwarding address, whether replies by mail and text are set up
// on this server, and which reader reads them.
export function getInboundSettings(): Promise<InboundSettings> {
  return apiFetch<InboundSettings>("/api/settings/inbound");
}

export function useInboundSettings() {
  return useQuery({ queryKey: INBOUND_SETTINGS_KEY, queryFn: getInboundSettings });
}
