import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatChannels } from "../../../../core/chat-channels";
import { apiFetch } from "../../../lib/api-client";
import { CHAT_CHANNELS_KEY } from "./get-chat-channels";

/** The channels a user connects with a URL of their own; ntfy may add an access token. */
export type UrlChannelInput =
  { kind: "ntfy"; url: string; token?: string } | { kind: "webhook"; url: string };

// Connects an ntfy topic or a webhook, or changes its URL (a webhook keeps its signing secret).
export function saveChatChannel({ kind, ...body }: UrlChannelInput): Promise<ChatChannels> {
  return apiFetch<ChatChannels>(`/api/reminders/chat-channels/${kind}`, { method: "PUT", body });
}

export function useSaveChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChatChannel,
    onSuccess: (channels) => queryClient.setQueryData(CHAT_CHANNELS_KEY, channels),
  });
}
