// Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL it
// called followed by each POST parameter's name and value, sorted by name.
import { createHmac, timingSafeEqual } from "node:crypto";

export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function isTwilioSignatureValid(
  authToken: string,
  options: { url: string; params: Record<string, string>; signature: string | undefined },
): boolean {
  if (!options.signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, options.url, options.params));
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
