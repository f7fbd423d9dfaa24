// DNS of a test's own for SPF, DKIM and DMARC: the TXT records it names; every other lookup
// finds nothing, as for a domain that publishes no policy.
import type { DNSResolver } from "../../src/server/features/replies/sender-check";

export function dnsStub(txt: Record<string, string> = {}): DNSResolver {
  return async (name, rrtype) => {
    const record = rrtype === "TXT" ? txt[name.toLowerCase()] : undefined;
    if (record === undefined) {
      throw Object.assign(new Error(`query${rrtype} ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    }
    return [[record]];
  };
}
