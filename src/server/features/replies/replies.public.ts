// What other server features use of replies: the digest's Reply-To and whether texts are read,
// the assistant's one pipeline, and the per-sender rate window the chat channels' inbound reuses.
export { digestReplyAddress, isSmsReplyEnabled } from "./inbound-addresses";
export { handleReply, type HandledReply, type InboundDeps } from "./handle-reply";
export { createRateWindow } from "./rate-window";
export { createInboundDeps } from "./inbound-mail";
