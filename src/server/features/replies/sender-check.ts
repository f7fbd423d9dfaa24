// SPF, DKIM and DMARC for mail the SMTP listener takes itself. The verdicts go on top of the
// message as Authentication-Results, as a receiving mail server writes them, so the one check in
// receive-mail.ts reads them however the mail arrived (listener, IMAP mailbox or provider).
import { Resolver } from "node:dns/promises";
import { authenticate, type DNSResolver } from "mailauth";

export type { DNSResolver };

/** The system's DNS, with a bound on each lookup so a slow zone cannot hold a message long. */
export function systemResolver(): DNSResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[] | string[][]>;
}

export type SmtpSession = { ip: string; helo: string; mailFrom: string };

/**
 * The message with this server's Authentication-Results (and Received-SPF) on top. A lookup that
 * fails gives a temperror or none, which never drops mail by itself; only a fail does.
 */
export async function withSenderVerdicts(
  raw: Buffer,
  session: SmtpSession,
  options: { mta: string; resolver: DNSResolver },
): Promise<Buffer> {
  const { headers } = await authenticate(raw, {
    ip: session.ip.replace(/^::ffff:/, ""),
    helo: session.helo,
    sender: session.mailFrom,
    mta: options.mta,
    resolver: options.resolver,
    disableBimi: true,
  });
  return Buffer.concat([Buffer.from(headers), raw]);
}
