import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatChannelKind } from "../../../../core/chat-channels";
import type { Delivery } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";
import { CHAT_CHANNELS_KEY } from "./get-chat-channels";
import { REMINDER_DELIVERIES_KEY } from "./list-reminder-deliveries";

// A real digest of who is due right now to one chat channel, marked as a test.
export async function sendChatChannelTest(kind: ChatChannelKind): Promise<Delivery> {
  const { delivery } = await apiFetch<{ delivery: Delivery }>(
    `/api/reminders/chat-channels/${kind}/test`,
    { method: "POST" },
  );
  return delivery;
}

export function useSendChatChannelTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatChannelTest,
    // A retry would send a second digest.
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REMINDER_DELIVERIES_KEY }),
        queryClient.invalidateQueries({ queryKey: CHAT_CHANNELS_KEY }),
      ]),
  });
}
