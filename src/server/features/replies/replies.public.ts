// What other server features use of replies: the digest's Reply-To and whether texts are read,
// and the assistant's one pipeline.
export { digestReplyAddress, isSmsReplyEnabled } from "./inbound-addresses";
export { handleReply, type HandledReply, type InboundDeps } from "./handle-reply";
export { createInboundDeps } from "./inbound-mail";
