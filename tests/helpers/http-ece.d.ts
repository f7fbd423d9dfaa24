// http_ece ships no types; the part the push-service stand-in uses.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  type Params = { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer };
  const ece: { decrypt: (buffer: Buffer, params: Params) => Buffer };
  export default ece;
}
