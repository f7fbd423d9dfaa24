import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatChannels } from "../../../../core/chat-channels";
import { apiFetch } from "../../../lib/api-client";
import { CHAT_CHANNELS_KEY } from "./get-chat-channels";

// Reminders on WhatsApp to the user's verified phone number (409 when there is none).
export function connectWhatsApp(): Promise<ChatChannels> {
  return apiFetch<ChatChannels>("/api/reminders/chat-channels/whatsapp", { method: "POST" });
}

export function useConnectWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWhatsApp,
    onSuccess: (channels) => queryClient.setQueryData(CHAT_CHANNELS_KEY, channels),
  });
}
