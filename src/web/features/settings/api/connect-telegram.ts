import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { CHAT_CHANNELS_KEY } from "./get-chat-channels";

export type TelegramStartLink = { link: string; expiresAt: string };

// A one-use t.me link (15 minutes) that binds the Telegram chat that opens it to this account.
export function connectTelegram(): Promise<TelegramStartLink> {
  return apiFetch<TelegramStartLink>("/api/reminders/chat-channels/telegram", { method: "POST" });
}

export function useConnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTelegram,
    // A retry would make a second link and void the first.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHAT_CHANNELS_KEY }),
  });
}
