// The one entry for inbound mail, whatever carried it (the SMTP listener; later IMAP or a
// provider's webhook): drops automatic mail, bounces and mail not from the user's own
// verified address without an answer or a change, then hands a digest reply or a forwarded
// mail to handleReply.
import { eq } from "drizzle-orm";
import { simpleParser, type HeaderValue, type ParsedMail } from "mailparser";
import type { ProposedAction } from "../../../core/replies";
import { toLocalDate } from "../../../core/rhythm";
import { users } from "../../db/schema/index";
import { getUserTimeZone, listContactRows } from "../contacts/contacts.public";
import { handleReply, type InboundDeps } from "./handle-reply";
import { resolveRecipient, type InboundTarget } from "./inbound-addresses";
import { cleanSubject, findForwardedPeople } from "./forwarded-mail";
import { replyOwnText } from "./reply-text";

export type ReceivedMail = {
  raw: Buffer | string;
  /**
   * The envelope's recipients (RCPT TO), or the provider's; when empty (a mailbox read over
   * IMAP), the mail's Delivered-To, X-Original-To, To and Cc.
   */
  recipients: string[];
  /** The envelope sender (MAIL FROM); "" for the null sender of bounces and auto-replies. */
  envelopeFrom?: string;
  via: "smtp" | "imap" | "webhook";
};

export type ReceiveOutcome =
  | { outcome: "handled"; replyId: string }
  | { outcome: "duplicate" }
  | { outcome: "dropped"; reason: string };

function headerText(value: HeaderValue | HeaderValue[] | undefined): string {
  if (value === undefined) return "";
  // A header given twice comes as a list: every value counts (a second "X-Autoreply" or
  // "Auto-Submitted" must not hide the first).
  if (Array.isArray(value)) return value.map((v) => headerText(v)).join(", ");
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null && "value" in value) {
    const inner = (value as { value: unknown }).value;
    return typeof inner === "string" ? inner : "";
  }
  return "";
}

/** Why this mail is automatic (an auto-reply, a list, a bounce), or null for a person's mail. */
export function automaticReason(mail: ParsedMail, envelopeFrom: string | undefined): string | null {
  const header = (name: string) => headerText(mail.headers.get(name)).trim().toLowerCase();
  const autoSubmitted = header("auto-submitted");
  if (autoSubmitted && autoSubmitted !== "no") return `Auto-Submitted: ${autoSubmitted}`;
  if (
    header("x-autoreply") ||
    header("x-autorespond") ||
    header("x-auto-response-suppress") === "all"
  )
    return "an auto-reply header";
  const precedence = header("precedence");
  if (["bulk", "auto_reply", "list", "junk"].includes(precedence))
    return `Precedence: ${precedence}`;
  if (envelopeFrom !== undefined && envelopeFrom.trim() === "") return "the null sender <>";
  if (header("content-type") === "multipart/report") return "a delivery report (bounce)";
  const from = mail.from?.value[0]?.address?.toLowerCase() ?? "";
  if (/^(mailer-daemon|postmaster)@/.test(from) || /^mailer-daemon@/.test(envelopeFrom ?? ""))
    return "a bounce from MAILER-DAEMON";
  return null;
}

/**
 * Why the sender's own mail system says the From is forged, or null: a DMARC fail, or SPF failing
 * with no DKIM pass, in an Authentication-Results header (RFC 8601, added by the receiving mail
 * server before IMAP or a provider hands the mail over), or Mailgun's own SPF and DKIM verdicts.
 * Verdicts only ever drop mail: a "pass" anyone could write in a header never admits a sender.
 */
export function authenticationFailure(mail: ParsedMail): string | null {
  const results = [mail.headers.get("authentication-results") ?? []]
    .flat()
    .map((v) => headerText(v as HeaderValue).toLowerCase());
  for (const result of results) {
    if (/\bdmarc=fail\b/.test(result)) return "DMARC failed";
    if (/\bspf=fail\b/.test(result) && !/\bdkim=pass\b/.test(result))
      return "SPF failed without a DKIM pass";
  }
  const header = (name: string) => headerText(mail.headers.get(name)).trim().toLowerCase();
  if (header("x-mailgun-spf") === "fail" && header("x-mailgun-dkim-check-result") !== "pass")
    return "Mailgun's SPF check failed without a DKIM pass";
  return null;
}

function headerRecipients(mail: ParsedMail): string[] {
  const listed = ["delivered-to", "x-original-to"].flatMap((name) => {
    const value = mail.headers.get(name);
    return [value ?? []].flat().map((v) => headerText(v as HeaderValue));
  });
  const addressed = [mail.to ?? [], mail.cc ?? []]
    .flat(2)
    .flatMap((o) => o.value)
    .flatMap((a) => (a.address ? [a.address] : []));
  return [...listed.flatMap((v) => v.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []), ...addressed];
}

async function findTarget(deps: InboundDeps, recipients: string[]): Promise<InboundTarget | null> {
  for (const address of recipients) {
    const check = await resolveRecipient(deps.db, deps.env, address, deps.now());
    if (check.ok) return check.target;
  }
  return null;
}

async function verifiedAddressesOf(deps: InboundDeps, userId: string): Promise<string[]> {
  const [user] = await deps.db
    .select({ email: users.email, isVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return user?.isVerified ? [user.email.toLowerCase()] : [];
}

/** Interactions with the contacts a forwarded mail was with, on the mail's day. */
async function forwardedActions(
  deps: InboundDeps,
  mail: ParsedMail,
  options: { userId: string; ownAddresses: string[]; receivedAt: Date },
): Promise<{ actions: ProposedAction[]; subject: string | null }> {
  const people = await findForwardedPeople(mail, {
    ownAddresses: options.ownAddresses,
    inboundDomain: deps.env.INBOUND_DOMAIN,
  });
  const timeZone = await getUserTimeZone(deps.db, options.userId);
  const today = toLocalDate(options.receivedAt, timeZone);
  const when = people.date ?? mail.date ?? options.receivedAt;
  const day = toLocalDate(when, timeZone);
  const date = day > today ? today : day;
  const subject = cleanSubject(people.subject ?? mail.subject);
  const contacts = await listContactRows(deps.db, options.userId);
  const actions: ProposedAction[] = [];
  for (const address of people.addresses) {
    const matches = contacts.filter((c) =>
      c.emails.some((e) => e.value.trim().toLowerCase() === address),
    );
    actions.push({
      details: {
        kind: "interaction",
        date,
        channel: "email",
        note: subject?.slice(0, 2000) ?? null,
      },
      contactId: matches.length === 1 ? matches[0]!.id : null,
      candidateIds: matches.length > 1 ? matches.map((c) => c.id) : [],
      name: matches.length === 1 ? null : address,
      sure: matches.length === 1,
      evidence: `Mail with ${address}`,
    });
  }
  return { actions, subject };
}

export async function receiveMail(deps: InboundDeps, mail: ReceivedMail): Promise<ReceiveOutcome> {
  const drop = (reason: string): ReceiveOutcome => {
    deps.log.info({ via: mail.via, reason }, "inbound mail dropped");
    return { outcome: "dropped", reason };
  };
  const parsed = await simpleParser(mail.raw, { skipTextToHtml: true, skipImageLinks: true });
  const automatic = automaticReason(parsed, mail.envelopeFrom);
  if (automatic) return drop(automatic);
  const target = await findTarget(
    deps,
    mail.recipients.length > 0 ? mail.recipients : headerRecipients(parsed),
  );
  if (!target) return drop("no recipient of ours");
  const own = await verifiedAddressesOf(deps, target.userId);
  const from = parsed.from?.value[0]?.address?.toLowerCase() ?? "";
  if (!from || !own.includes(from)) return drop("not from the user's own verified address");
  const forged = authenticationFailure(parsed);
  if (forged) return drop(forged);

  const receivedAt = deps.now();
  const text = replyOwnText({ text: parsed.text ?? "", html: parsed.html || null });
  const forwarded =
    target.kind === "forward"
      ? await forwardedActions(deps, parsed, {
          userId: target.userId,
          ownAddresses: own,
          receivedAt,
        })
      : null;
  const result = await handleReply(deps, {
    userId: target.userId,
    channel: target.kind === "forward" ? "forward" : "email",
    from,
    subject: forwarded?.subject ?? parsed.subject ?? null,
    text,
    messageId: parsed.messageId ?? null,
    deliveryId: target.kind === "reply" ? target.deliveryId : null,
    digestLines: target.kind === "reply" ? target.digestLines : [],
    receivedAt,
    extraActions: forwarded?.actions,
    inReplyTo: parsed.messageId ?? null,
  });
  if (result.outcome === "duplicate") {
    deps.log.info({ via: mail.via }, "inbound mail already handled (same Message-ID)");
    return result;
  }
  return { outcome: "handled", replyId: result.replyId };
}
