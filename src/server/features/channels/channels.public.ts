// What other server features use of the chat channels: which ones a digest goes to, the
// outbox's transports for them, and what a delivery's outcome means for a channel.
export {
  listActiveChatChannels,
  recordChannelFailure,
  recordChannelsDelivered,
  type ActiveChatChannel,
} from "./channels.service";
export { createChatTransports, type ChatSenderDeps } from "./channel-transports";
export { chatSenders } from "./chat-senders";
export { checkWebhookUrl } from "./url-channels.service";
export { createWebhookSecret, postSignedWebhook } from "./webhook";
