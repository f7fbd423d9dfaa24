import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InboundSettings } from "../../../../core/replies";
import { apiFetch } from "../../../lib/api-client";
import { INBOUND_SETTINGS_KEY } from "./get-inbound-settings";

// A new private forwarding address: the old one stops working at once.
export function regenerateForwardingAddress(): Promise<InboundSettings> {
  return apiFetch<InboundSettings>("/api/settings/inbound/forwarding-address", {
    method: "POST",
  });
}

export function useRegenerateForwardingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateForwardingAddress,
    // Never twice behind the user's back: a second call would revoke the address just shown.
    retry: false,
    onSuccess: (settings) => queryClient.setQueryData(INBOUND_SETTINGS_KEY, settings),
  });
}
