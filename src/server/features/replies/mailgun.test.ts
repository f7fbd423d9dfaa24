// Mailgun's signed inbound POSTs: the signature, its age and replays; the message rebuilt from
// either format, read back by the same parser the pipeline uses.
import { createHmac } from "node:crypto";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { createMailgunVerifier, mailgunMessage, MAILGUN_MAX_AGE_MS } from "./mailgun";

const KEY = "key-0123456789abcdef";
const NOW = Date.parse("2026-12-02T09:00:00Z");

function signed(timestamp = NOW / 1000, token = "a".repeat(50)) {
  const ts = String(Math.floor(timestamp));
  return {
    timestamp: ts,
    token,
    signature: createHmac("sha256", KEY)
      .update(ts + token)
      .digest("hex"),
  };
}

describe("the Mailgun signature", () => {
  it("accepts a fresh signed request once", () => {
    const { verify, forget } = createMailgunVerifier(KEY, () => NOW);
    const fields = signed();
    expect(verify(fields)).toEqual({ ok: true });
    expect(verify(fields)).toMatchObject({ ok: false, reason: /already received/ });
    // Failed on Tend's side: Mailgun's retry of the same post is let through.
    forget(fields);
    expect(verify(fields)).toEqual({ ok: true });
  });

  it("refuses a wrong key, a changed token, an old or missing signature", () => {
    const { verify } = createMailgunVerifier(KEY, () => NOW);
    const other = createMailgunVerifier("another-key", () => NOW).verify;
    expect(other(signed())).toMatchObject({ ok: false, reason: /not valid/ });
    expect(verify({ ...signed(), token: "b".repeat(50) })).toMatchObject({ ok: false });
    const old = signed((NOW - MAILGUN_MAX_AGE_MS - 1000) / 1000, "c".repeat(50));
    expect(verify(old)).toMatchObject({ ok: false, reason: /too old/ });
    expect(verify({})).toMatchObject({ ok: false, reason: /no Mailgun signature/ });
    expect(verify({ ...signed(), timestamp: "soon" })).toMatchObject({ ok: false });
  });
});

describe("the message a Mailgun POST carries", () => {
  it("takes the raw message of a /mime route as it is", () => {
    const raw = "From: a@x.org\r\nSubject: hi\r\n\r\nbody\r\n";
    expect(
      mailgunMessage({ "body-mime": raw, recipient: "reply+t@in.example", sender: "a@x.org" }),
    ).toEqual({ raw, recipients: ["reply+t@in.example"], envelopeFrom: "a@x.org" });
  });

  it("rebuilds the parsed format into a message with its headers and text", async () => {
    const message = mailgunMessage({
      recipient: "log+t@in.example",
      sender: "ada@example.org",
      "body-plain": "Lunch with Zoë Ødegård — lovely.\n",
      "message-headers": JSON.stringify([
        ["From", "Ada <ada@example.org>"],
        ["To", "log+t@in.example"],
        ["Cc", "Zoë <zoe@example.org>"],
        ["Subject", "Fwd: lunch"],
        ["Message-Id", "<m1@example.org>"],
        ["Content-Type", "multipart/alternative; boundary=zzz"],
        ["Auto-Submitted", "no"],
      ]),
    })!;
    const parsed = await simpleParser(message.raw);
    expect(parsed.subject).toBe("Fwd: lunch");
    expect(parsed.messageId).toBe("<m1@example.org>");
    expect(parsed.cc && !Array.isArray(parsed.cc) && parsed.cc.value[0]!.address).toBe(
      "zoe@example.org",
    );
    expect(parsed.text).toContain("Lunch with Zoë Ødegård");
    expect(parsed.headers.get("auto-submitted")).toBe("no");
  });

  it("answers nothing for a body it cannot read", () => {
    expect(mailgunMessage({ "message-headers": "not json" })).toBeNull();
    expect(mailgunMessage({ "message-headers": '{"a":1}' })).toBeNull();
  });
});
