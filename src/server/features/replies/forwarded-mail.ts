// Who a forwarded (or BCC'd) mail was with: the addresses of the forwarded message (attached
// as message/rfc822, or inline under "Forwarded message" headers in the styles of Gmail,
// Outlook and Apple Mail) and of the outer mail's To and Cc, less the user's own and ours.
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";

export type ForwardedPeople = { addresses: string[]; date: Date | null; subject: string | null };

const HEADER_LINE = /^[\s>]*\*?(from|to|cc|von|an|de|à|para|van|aan)\*?\s*:\s*(.+)$/gim;
const EMAIL = /[a-z0-9._%+'-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
const FORWARD_MARK =
  /(-{2,}\s*(forwarded message|original message|weitergeleitete nachricht|message transféré)\s*-{2,}|begin forwarded message:)/i;
const DATE_LINE = /^[\s>]*\*?(date|sent|datum|envoyé|gesendet)\*?\s*:\s*(.+)$/im;
const SUBJECT_LINE = /^[\s>]*\*?(subject|betreff|objet)\*?\s*:\s*(.+)$/im;

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []]
    .flat()
    .flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .flatMap((a) => (a.address ? [a.address.toLowerCase()] : []));
}

function inlineForward(text: string): ForwardedPeople | null {
  const mark = FORWARD_MARK.exec(text);
  if (!mark) return null;
  const block = text.slice(mark.index);
  const addresses: string[] = [];
  for (const line of block.matchAll(HEADER_LINE)) {
    for (const email of line[2]!.match(EMAIL) ?? []) addresses.push(email.toLowerCase());
  }
  const date = DATE_LINE.exec(block)?.[2]?.trim();
  const parsedDate = date ? new Date(date.replace(/\s+at\s+/i, " ")) : null;
  return {
    addresses,
    date: parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate : null,
    subject: SUBJECT_LINE.exec(block)?.[2]?.trim() ?? null,
  };
}

/** The people and date of the mail being forwarded; the outer mail's own when it is a BCC. */
export async function findForwardedPeople(
  mail: ParsedMail,
  options: { ownAddresses: string[]; inboundDomain: string },
): Promise<ForwardedPeople> {
  const found: string[] = [...addressesOf(mail.to), ...addressesOf(mail.cc)];
  let date: Date | null = null;
  let subject: string | null = null;
  const attached = mail.attachments.find((a) => a.contentType === "message/rfc822");
  if (attached) {
    const inner = await simpleParser(attached.content);
    found.push(...addressesOf(inner.from), ...addressesOf(inner.to), ...addressesOf(inner.cc));
    date = inner.date ?? null;
    subject = inner.subject ?? null;
  } else {
    const inline = inlineForward(mail.text ?? "");
    if (inline) {
      found.push(...inline.addresses);
      date = inline.date;
      subject = inline.subject;
    }
  }
  const own = new Set(options.ownAddresses.map((a) => a.toLowerCase()));
  const domain = `@${options.inboundDomain}`;
  const addresses = [...new Set(found)].filter((a) => !own.has(a) && !a.endsWith(domain));
  return { addresses, date, subject };
}

/** "Fwd: Re: Lunch" → "Lunch". */
export function cleanSubject(subject: string | null | undefined): string | null {
  const cleaned = (subject ?? "").replace(/^(\s*(re|fwd?|aw|wg|tr)\s*:\s*)+/i, "").trim();
  return cleaned || null;
}
