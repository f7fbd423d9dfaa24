import { useQuery } from "@tanstack/react-query";
import type { ChatChannels } from "../../../../core/chat-channels";
import { apiFetch } from "../../../lib/api-client";

export const CHAT_CHANNELS_KEY = ["reminders", "chat-channels"] as const;

/** While a Telegram start link waits to be opened, the list is read again until it is used. */
const PENDING_POLL_MS = 3_000;

// The chat channels connected (Telegram, WhatsApp, ntfy, a webhook) and which this server offers.
export function getChatChannels(): Promise<ChatChannels> {
  return apiFetch<ChatChannels>("/api/reminders/chat-channels");
}

export function useChatChannels() {
  return useQuery({
    queryKey: CHAT_CHANNELS_KEY,
    queryFn: getChatChannels,
    refetchInterval: (query) =>
      query.state.data?.channels.some((c) => c.status === "pending") ? PENDING_POLL_MS : false,
  });
}
