// What other server features use of replies: the digest's Reply-To and whether texts are read.
export { digestReplyAddress, isSmsReplyEnabled } from "./inbound-addresses";
