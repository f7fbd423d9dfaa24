// A connected chat channel's "Send a test" and "Disconnect" (after a confirmation).
import { Send, Unlink } from "lucide-react";
import { CHAT_CHANNEL_LABELS, type ChatChannelKind } from "../../../../core/chat-channels";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useDisconnectChatChannel } from "../api/disconnect-chat-channel";
import { useSendChatChannelTest } from "../api/send-chat-channel-test";
import { toastTestReminder, toastTestReminderFailed } from "./settings-toasts";

const AFTER_DISCONNECT: Record<ChatChannelKind, string> = {
  telegram: "The bot stops writing to your chat. You can connect it again at any time.",
  whatsapp: "Reminders stop going to WhatsApp. You can turn them on again at any time.",
  ntfy: "Reminders stop going to your ntfy topic. You can connect it again at any time.",
  webhook:
    "Reminders stop going to your URL and the signing secret is dropped: connecting again makes a new one.",
};

export function ChatChannelActions({
  kind,
  label,
}: {
  kind: ChatChannelKind;
  label: string | null;
}) {
  const send = useSendChatChannelTest();
  const disconnect = useDisconnectChatChannel();
  const name = CHAT_CHANNEL_LABELS[kind];

  async function sendTest() {
    try {
      const delivery = await send.mutateAsync(kind);
      const where = kind === "webhook" ? "to your webhook" : `to ${name}`;
      toastTestReminder(delivery, label ? `${where} (${label})` : where);
    } catch (error) {
      toastTestReminderFailed(error);
    }
  }

  function disconnectChannel() {
    disconnect.mutate(kind, {
      onSuccess: () =>
        toast({
          title: `${name} disconnected`,
          description: "Your other reminders go on as before.",
          variant: "success",
        }),
      onError: (error) =>
        toastError("Error", error, `${name} could not be disconnected. Please try again.`),
    });
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Button
        variant="outline"
        aria-label={send.isPending ? undefined : `Send a test to ${name}`}
        onClick={() => void sendTest()}
        disabled={send.isPending}
      >
        <Send aria-hidden />
        {send.isPending ? "Sending..." : "Send a test"}
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            aria-label={disconnect.isPending ? undefined : `Disconnect ${name}`}
            disabled={disconnect.isPending}
          >
            <Unlink aria-hidden />
            {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
          </Button>
        }
        title={`Disconnect ${name}?`}
        description={AFTER_DISCONNECT[kind]}
        confirmLabel="Disconnect"
        isDestructive
        onConfirm={disconnectChannel}
      />
    </div>
  );
}
