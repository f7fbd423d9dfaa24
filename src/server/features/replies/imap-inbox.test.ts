// The IMAP inbox against a real Dovecot: unseen mail is handed over once and marked seen (or
// moved), new mail is seen through IDLE, and a message the pipeline could not take is tried again.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasDovecot, startDovecot, type Dovecot } from "../../../../tests/helpers/dovecot";
import { parseImapUrl, startImapInbox, type ImapInbox } from "./imap-inbox";

const log = pino({ level: "silent" });

function message(subject: string): string {
  return [
    "From: Ada <ada@example.org>",
    "To: reply+token@tend.example",
    `Subject: ${subject}`,
    `Message-ID: <${subject.replaceAll(" ", "-")}@example.org>`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${subject}: had coffee with Grace yesterday`,
    "",
  ].join("\r\n");
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe("parseImapUrl", () => {
  it("reads the parts, the default ports and the folder to move to", () => {
    expect(parseImapUrl("imap://me%40x.org:p%40ss@mail.x.org/Tend?move=Done")).toEqual({
      host: "mail.x.org",
      port: 143,
      secure: false,
      user: "me@x.org",
      pass: "p@ss",
      mailbox: "Tend",
      moveTo: "Done",
    });
    expect(parseImapUrl("imaps://me:p@mail.x.org").port).toBe(993);
    expect(parseImapUrl("imaps://me:p@mail.x.org").mailbox).toBe("INBOX");
  });
  it("says what to write when the URL is not usable", () => {
    expect(() => parseImapUrl("mail.x.org")).toThrow(/imap:\/\/user:password@host/);
    expect(() => parseImapUrl("http://me:p@x.org")).toThrow(/must start with imap/);
    expect(() => parseImapUrl("imap://x.org/INBOX")).toThrow(/needs a user/);
  });
});

const inCI = process.env.CI === "true";
describe.skipIf(!hasDovecot && !inCI)("the inbox on Dovecot", () => {
  let dovecot: Dovecot;
  let inbox: ImapInbox | undefined;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await inbox?.stop();
    dovecot?.stop();
  });

  it("hands over unseen mail once, marks it seen, hears new mail by IDLE and retries a failure", async () => {
    await dovecot.deliver(message("first"));
    const seen: string[] = [];
    let failNext = false;
    inbox = startImapInbox({
      url: dovecot.url,
      log,
      pollMs: 60_000,
      async handle(raw) {
        const subject = /Subject: (.*)\r\n/.exec(raw.toString("utf8"))![1]!;
        if (failNext) {
          failNext = false;
          throw new Error("database away");
        }
        seen.push(subject);
      },
    });
    await until(() => seen.length === 1, "the first message");
    expect(seen).toEqual(["first"]);

    // Delivered while Tend is connected: IDLE tells it, with no poll due for a minute.
    await dovecot.deliver(message("second"));
    await until(() => seen.length === 2, "the second message through IDLE");

    failNext = true;
    await dovecot.deliver(message("third"));
    await until(() => !failNext, "the failed attempt");
    await inbox.checkNow();
    expect(seen).toEqual(["first", "second", "third"]);

    // Everything handled is seen; a look finds nothing new.
    await inbox.checkNow();
    expect(seen).toHaveLength(3);
    const imap = await dovecot.client();
    await imap.mailboxOpen("INBOX");
    const unseen = await imap.search({ seen: false });
    expect(unseen).toEqual([]);
    await imap.logout();
  });

  it("moves handled mail to the folder the URL names", async () => {
    await inbox?.stop();
    inbox = undefined;
    await dovecot.deliver(message("to move"));
    const seen: string[] = [];
    const moving = startImapInbox({
      url: `${dovecot.url}?move=Handled`,
      log,
      handle: async (raw) => void seen.push(raw.toString("utf8")),
    });
    try {
      await until(() => seen.length === 1, "the message to move");
      await moving.checkNow();
      const imap = await dovecot.client();
      const inboxStatus = await imap.status("INBOX", { messages: true, unseen: true });
      const handled = await imap.status("Handled", { messages: true });
      expect(inboxStatus && inboxStatus.unseen).toBe(0);
      expect(handled && handled.messages).toBe(1);
      await imap.logout();
    } finally {
      await moving.stop();
    }
  });
});
