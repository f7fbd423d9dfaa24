// Which sender each chat channel kind has on this installation (each returns null when the
// operator has not set it up: no bot token, no WhatsApp app).
import type { ChatChannelKind } from "../../../core/chat-channels";
import type { ChatSenderFactory } from "./channel-transports";
import { createNtfySender } from "./ntfy";
import { createTelegramSender } from "./telegram";
import { createWebhookSender } from "./webhook";
import { createWhatsAppSender } from "./whatsapp";

// A function, not a constant: the senders import the reply pipeline, which imports the digest
// writer, which imports this feature; read at start-up, after every module has loaded.
export function chatSenders(): Partial<Record<ChatChannelKind, ChatSenderFactory>> {
  return {
    telegram: createTelegramSender,
    whatsapp: createWhatsAppSender,
    ntfy: createNtfySender,
    webhook: createWebhookSender,
  };
}
