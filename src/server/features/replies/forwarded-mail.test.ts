// Who a forwarded mail was with, in the forwarding styles of the common mail apps, and which
// mail counts as automatic.
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { cleanSubject, findForwardedPeople } from "./forwarded-mail";
import { authenticationFailure, automaticReason } from "./receive-mail";

const own = { ownAddresses: ["me@example.com"], inboundDomain: "in.tend.test" };

function mail(headers: string[], body: string) {
  return simpleParser([...headers, "", body].join("\r\n"));
}

describe("findForwardedPeople", () => {
  it("reads Gmail's, Outlook's and Apple Mail's inline forwards", async () => {
    const styles = [
      "---------- Forwarded message ---------\nFrom: Ada <ada@example.org>\nDate: Mon, 30 Nov 2026 09:15:00 +0000\nSubject: Lunch\nTo: Me <me@example.com>\nCc: bob@example.org",
      "-----Original Message-----\nFrom: ada@example.org\nSent: Monday, November 30, 2026 9:15 AM\nTo: me@example.com; bob@example.org\nSubject: RE: Lunch",
      "Begin forwarded message:\n\n> From: Ada <ada@example.org>\n> Subject: Lunch\n> Date: 30 November 2026 at 09:15:00 GMT\n> To: Me <me@example.com>, bob@example.org",
    ];
    for (const body of styles) {
      const parsed = await mail(
        ["From: me@example.com", "To: log+abc@in.tend.test", "Subject: Fwd: Lunch"],
        `FYI\n\n${body}\n\nShall we?`,
      );
      const people = await findForwardedPeople(parsed, own);
      expect(people.addresses.sort(), body).toEqual(["ada@example.org", "bob@example.org"]);
      expect(people.date?.toISOString().slice(0, 10), body).toBe("2026-11-30");
    }
  });

  it("reads a forward attached as message/rfc822, and a BCC's own To and Cc", async () => {
    const attached = await mail(
      [
        "From: me@example.com",
        "To: log+abc@in.tend.test",
        "Subject: Fwd: Plans",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
      ],
      [
        "--b",
        "Content-Type: text/plain",
        "",
        "see below",
        "--b",
        "Content-Type: message/rfc822",
        "",
        "From: Grace <grace@example.org>",
        "To: me@example.com",
        "Date: Tue, 01 Dec 2026 10:00:00 +0000",
        "Subject: Plans",
        "",
        "Hi",
        "--b--",
      ].join("\r\n"),
    );
    expect(await findForwardedPeople(attached, own)).toMatchObject({
      addresses: ["grace@example.org"],
      subject: "Plans",
    });
    const bcc = await mail(
      [
        "From: me@example.com",
        "To: Alan <alan@example.org>",
        "Cc: log+abc@in.tend.test",
        "Subject: Hi",
      ],
      "Hello Alan",
    );
    expect((await findForwardedPeople(bcc, own)).addresses).toEqual(["alan@example.org"]);
  });

  it("cleans reply and forward prefixes off a subject", () => {
    expect(cleanSubject("Fwd: RE: Fw: Lunch plans")).toBe("Lunch plans");
    expect(cleanSubject("Fwd:")).toBeNull();
  });
});

describe("automaticReason", () => {
  it("names auto-replies, lists and bounces, and lets a person's mail through", async () => {
    const cases: [string[], string | undefined, string | null][] = [
      [["Auto-Submitted: auto-replied"], "me@example.com", "Auto-Submitted: auto-replied"],
      [["Auto-Submitted: no"], "me@example.com", null],
      [["X-Autoreply: yes"], "me@example.com", "an auto-reply header"],
      [["Precedence: list"], "me@example.com", "Precedence: list"],
      [[], "", "the null sender <>"],
      [[], "me@example.com", null],
    ];
    for (const [headers, envelopeFrom, reason] of cases) {
      const parsed = await mail(["From: me@example.com", "Subject: x", ...headers], "hi");
      expect(automaticReason(parsed, envelopeFrom), headers.join()).toBe(reason);
    }
    const daemon = await mail(["From: MAILER-DAEMON@mx.example.com", "Subject: failure"], "x");
    expect(automaticReason(daemon, "x@mx.example.com")).toBe("a bounce from MAILER-DAEMON");
  });
});

describe("authenticationFailure", () => {
  const from = "From: me@example.com";
  it("drops mail its receiving server found forged, and admits nothing on a pass alone", async () => {
    const cases: [string[], string | null][] = [
      [
        ["Authentication-Results: mx.example; dmarc=fail (p=reject) header.from=example.com"],
        "DMARC failed",
      ],
      [
        ["Authentication-Results: mx.example; spf=fail smtp.mailfrom=example.com; dkim=none"],
        "SPF failed without a DKIM pass",
      ],
      [
        [
          "Authentication-Results: mx.example; spf=fail smtp.mailfrom=x; dkim=pass header.d=example.com",
        ],
        null,
      ],
      [["Authentication-Results: mx.example; spf=pass; dkim=pass; dmarc=pass"], null],
      [
        [
          "Authentication-Results: mx.example; spf=pass; dmarc=pass",
          "Authentication-Results: relay.example; dmarc=fail",
        ],
        "DMARC failed",
      ],
      [
        ["X-Mailgun-Spf: Fail", "X-Mailgun-Dkim-Check-Result: Fail"],
        "Mailgun's SPF check failed without a DKIM pass",
      ],
      [["X-Mailgun-Spf: Fail", "X-Mailgun-Dkim-Check-Result: Pass"], null],
      [[], null],
    ];
    for (const [headers, reason] of cases) {
      const parsed = await mail([from, ...headers, "Subject: hi"], "had coffee with Ada");
      expect(authenticationFailure(parsed), headers.join()).toBe(reason);
    }
  });
});
