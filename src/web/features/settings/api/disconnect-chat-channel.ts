import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatChannelKind, ChatChannels } from "../../../../core/chat-channels";
import { apiFetch } from "../../../lib/api-client";
import { CHAT_CHANNELS_KEY } from "./get-chat-channels";

// Stops reminders on one chat channel (Telegram's chat is unbound, a webhook's secret dropped).
export function disconnectChatChannel(kind: ChatChannelKind): Promise<ChatChannels> {
  return apiFetch<ChatChannels>(`/api/reminders/chat-channels/${kind}`, { method: "DELETE" });
}

export function useDisconnectChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectChatChannel,
    onSuccess: (channels) => queryClient.setQueryData(CHAT_CHANNELS_KEY, channels),
  });
}
