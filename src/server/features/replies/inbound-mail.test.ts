// The inbound pipeline through its real paths: a real SMTP client into the listener on an
// ephemeral port, Twilio's signed webhook, and the replies API, on a real database.
import { generateKeyPairSync } from "node:crypto";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, toLocalDate } from "../../../core/rhythm";
import { outbox, replies, reminderDeliveries, users } from "../../db/schema/index";
import { dnsStub } from "../../../../tests/helpers/dns-stub";
import { sendOverSmtp } from "../../../../tests/helpers/smtp-peer";
import { addDueContact, saveSchedule } from "../../../../tests/helpers/reminders-kit";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { createInboundDeps } from "./inbound-mail";
import { createReplyToken } from "./reply-tokens";
import { startSmtpListener, type SmtpListener } from "./smtp-listener";
import { twilioSignature } from "./twilio-signature";

const DOMAIN = "inbound.tend.test";

function daysAgo(n: number): string {
  return addDays(new Date().toISOString().slice(0, 10), -n);
}
const TWILIO_TOKEN = "twilio-inbound-test-token";

describe("inbound replies", () => {
  let t: TestApp;
  let listener: SmtpListener;
  let user: TestUser;
  let grace: { id: string };
  let alan: { id: string };
  let replyTo: string;

  async function sendMail(options: {
    to: string;
    from?: string;
    envelopeFrom?: string;
    text?: string;
    raw?: string;
    headers?: Record<string, string>;
    messageId?: string;
  }) {
    return sendOverSmtp(
      listener.port,
      options.raw
        ? {
            envelope: { from: options.envelopeFrom ?? "", to: [options.to] },
            raw: options.raw,
          }
        : {
            from: options.from ?? user.email,
            to: options.to,
            subject: "Re: 2 people to get in touch with",
            text: options.text ?? "had coffee with grace yesterday",
            headers: options.headers,
            messageId: options.messageId,
            ...(options.envelopeFrom !== undefined
              ? { envelope: { from: options.envelopeFrom, to: [options.to] } }
              : {}),
          },
    );
  }

  async function answersTo(address: string) {
    return t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, address), eq(outbox.kind, "reply-answer")));
  }

  async function repliesOf(who: TestUser) {
    return (await injectAs(t.app, who, { url: "/api/replies" })).json();
  }

  async function historyOf(who: TestUser, contactId: string) {
    const res = await injectAs(t.app, who, { url: `/api/contacts/${contactId}/interactions` });
    return res.json().items as { occurredAt: string; replyId?: string | null; note: string }[];
  }

  async function digestReplyTo(who: TestUser): Promise<string> {
    const res = await injectAs(t.app, who, { method: "POST", url: "/api/reminders/test" });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, who.email), eq(outbox.kind, "reminder-test")));
    return mail!.headers["Reply-To"]!;
  }

  beforeAll(async () => {
    t = await build({
      INBOUND_SMTP_PORT: "0",
      INBOUND_DOMAIN: DOMAIN,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    });
    listener = await startSmtpListener(createInboundDeps(t.app.services, t.app.log), {
      port: 0,
      host: "127.0.0.1",
      senderCheck: { resolver: dnsStub() },
    });
    user = await createUser(t.app);
    await saveSchedule(t.app, user, { timezone: "Pacific/Auckland" });
    grace = await addDueContact(t.app, user, {
      firstName: "Grace",
      lastName: "Hopper",
      emails: [{ value: "grace@example.org" }],
      lastContactedOn: daysAgo(20),
    });
    alan = await addDueContact(t.app, user, {
      firstName: "Alan",
      lastName: "Turing",
      emails: [{ value: "alan@example.org" }],
    });
    replyTo = await digestReplyTo(user);
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  it("signs the digest's Reply-To for the user and remembers its people in order", async () => {
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{52}@${DOMAIN}$`));
    expect(replyTo.split("@")[0]!.length).toBeLessThanOrEqual(64);
    const [delivery] = await t.app.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, user.id));
    expect(delivery!.contactIds).toEqual([grace.id, alan.id]);
  });

  it("logs yesterday's coffee with Grace from a phone's reply, and leaves Lisbon as a suggestion", async () => {
    await sendMail({
      to: replyTo,
      text: "had coffee with grace yesterday, she's moving to Lisbon\n\nOn Tue, Tend wrote:\n> Alan Turing: due today",
    });
    const yesterday = addDays(toLocalDate(new Date(), "Pacific/Auckland"), -1);
    const history = await historyOf(user, grace.id);
    const fromReply = history.filter((h) => h.replyId);
    expect(fromReply).toHaveLength(1);
    expect(toLocalDate(new Date(fromReply[0]!.occurredAt), "Pacific/Auckland")).toBe(yesterday);
    expect(await historyOf(user, alan.id)).toHaveLength(1); // only the first contact, from before

    const list = await repliesOf(user);
    expect(list.items).toHaveLength(1);
    const [reply] = list.items;
    expect(reply.channel).toBe("email");
    expect(reply.text).toBe("had coffee with grace yesterday, she's moving to Lisbon");
    type Action = { kind: string; status: string; contactName: string; undoId: string | null };
    const actions = reply.actions as Action[];
    expect(actions.map((a) => `${a.kind} ${a.status}`).sort()).toEqual([
      "interaction applied",
      "place suggested",
    ]);
    const byKind = (kind: string) => actions.find((a) => a.kind === kind)!;
    expect(byKind("interaction").undoId).toBeTruthy();
    expect(byKind("place")).toMatchObject({ contactName: "Grace Hopper", undoId: null });
    expect(list.pendingCount).toBe(1);
    const pending = await injectAs(t.app, user, { url: "/api/replies/pending-count" });
    expect(pending.json()).toEqual({ pendingCount: 1 });

    const [answer] = await answersTo(user.email);
    expect(answer!.headers["Auto-Submitted"]).toBe("auto-replied");
    expect(answer!.text).toContain("Grace Hopper: in touch on");
    expect(answer!.text).toContain("Grace Hopper: lives in Lisbon");
    expect(answer!.text).toMatch(/undo: http:\/\/localhost:3000\/reply-undo\/\S+/);
  });

  it("handles the same Message-ID once", async () => {
    const before = (await repliesOf(user)).items.length;
    for (let i = 0; i < 2; i += 1) {
      await sendMail({ to: replyTo, text: "called alan", messageId: "<same-one@phone.example>" });
    }
    expect((await repliesOf(user)).items.length).toBe(before + 1);
    expect(await historyOf(user, alan.id)).toHaveLength(2);
  });

  describe("changes nothing and answers nothing", () => {
    let stranger: TestUser;
    let snapshot: string;
    const state = async () =>
      JSON.stringify([
        await repliesOf(user),
        await historyOf(user, grace.id),
        (await answersTo(user.email)).length,
        (await t.app.db.select().from(replies)).length,
      ]);

    beforeAll(async () => {
      stranger = await createUser(t.app);
      await saveSchedule(t.app, stranger, { timezone: "UTC" });
      snapshot = await state();
    });

    it("for a forged sender", async () => {
      await sendMail({ to: replyTo, from: "someone-else@example.com" });
      await sendMail({ to: replyTo, from: `"${user.email}" <attacker@example.com>` });
      expect(await state()).toBe(snapshot);
      expect(await answersTo("someone-else@example.com")).toHaveLength(0);
    });

    it("for another user's token, sent from this user's address", async () => {
      await addDueContact(t.app, stranger, { firstName: "Grace", lastName: "Other" });
      const theirs = await digestReplyTo(stranger);
      await sendMail({ to: theirs, from: user.email });
      expect(await state()).toBe(snapshot);
      expect((await repliesOf(stranger)).items).toHaveLength(0);
    });

    it("for an auto-reply and a bounce", async () => {
      await sendMail({ to: replyTo, headers: { "Auto-Submitted": "auto-replied" } });
      await sendMail({ to: replyTo, headers: { Precedence: "bulk" } });
      await sendMail({ to: replyTo, headers: { "X-Autoreply": "yes" } });
      await sendMail({
        to: replyTo,
        envelopeFrom: "",
        raw: [
          `From: ${user.email}`,
          `To: ${replyTo}`,
          "Subject: Undelivered Mail Returned to Sender",
          "MIME-Version: 1.0",
          'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
          "",
          "--b",
          "Content-Type: text/plain",
          "",
          "had coffee with grace yesterday",
          "--b--",
          "",
        ].join("\r\n"),
      });
      expect(await state()).toBe(snapshot);
    });

    it("for a tampered, an expired and an unknown address: refused at RCPT", async () => {
      const [local, domain] = replyTo.split("@") as [string, string];
      const last = local.at(-1) === "a" ? "b" : "a";
      const tampered = `${local.slice(0, -1)}${last}@${domain}`;
      const [delivery] = await t.app.db
        .select()
        .from(reminderDeliveries)
        .where(eq(reminderDeliveries.userId, user.id));
      const expired = `reply+${createReplyToken(t.app.env.AUTH_SECRET, {
        deliveryId: delivery!.id,
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      })}@${DOMAIN}`;
      for (const to of [tampered, expired, `nobody@${DOMAIN}`, "grace@example.org"]) {
        await expect(sendMail({ to }), to).rejects.toMatchObject({ responseCode: 550 });
      }
      expect(await state()).toBe(snapshot);
    });

    it("for a message over the size limit", async () => {
      await expect(sendMail({ to: replyTo, text: "x".repeat(1_100_000) })).rejects.toMatchObject({
        responseCode: 552,
      });
      expect(await state()).toBe(snapshot);
    });
  });

  it("logs a forwarded mail with the people in it, on the mail's day", async () => {
    const settings = await injectAs(t.app, user, { url: "/api/settings/inbound" });
    expect(settings.json()).toMatchObject({ mailEnabled: true, smsEnabled: true });
    const address = settings.json().forwardingAddress as string;
    expect(address).toMatch(new RegExp(`^log\\+[a-z2-7]{26}@${DOMAIN}$`));
    await sendMail({
      to: address,
      text: [
        "Worth remembering.",
        "",
        "---------- Forwarded message ---------",
        "From: Alan Turing <alan@example.org>",
        "Date: Mon, 30 Nov 2026 09:15:00 +0000",
        "Subject: Lunch plans",
        `To: ${user.email}`,
        "Cc: Bob Stranger <bob@example.org>",
        "",
        "Shall we have lunch?",
      ].join("\n"),
    });
    const history = await historyOf(user, alan.id);
    const logged = history.find((h) => h.note === "Lunch plans");
    expect(logged?.replyId).toBeTruthy();
    expect(toLocalDate(new Date(logged!.occurredAt), "Pacific/Auckland")).toBe("2026-11-30");

    // Someone not in the address book waits as a suggestion; accepting it adds them.
    const [forward] = (await repliesOf(user)).items;
    expect(forward.channel).toBe("forward");
    const bob = forward.actions.find(
      (a: { contactName: string }) => a.contactName === "bob@example.org",
    );
    expect(bob).toMatchObject({ kind: "interaction", status: "suggested", contactId: null });
    const accepted = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/replies/actions/${bob.id}/accept`,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "applied", contactName: "bob" });
    const added = await historyOf(user, accepted.json().contactId);
    expect(added.map((h) => h.note)).toEqual(["Lunch plans"]);

    // Undo takes the new person back out with the entry, and the suggestion waits again.
    const act = (verb: string) =>
      injectAs(t.app, user, { method: "POST", url: `/api/replies/actions/${bob.id}/${verb}` });
    const contactStatus = async (id: string) =>
      (await injectAs(t.app, user, { method: "GET", url: `/api/contacts/${id}` })).statusCode;
    const undone = await act("undo");
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: "suggested", contactId: null });
    expect(await contactStatus(accepted.json().contactId)).toBe(404);
    // Accepted again and then changed by the user, the contact is theirs: undo keeps it.
    const again = await act("accept");
    expect(again.statusCode, again.body).toBe(200);
    const bobId = again.json().contactId as string;
    const edited = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${bobId}`,
      payload: { notes: "Met at the lunch." },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await act("undo")).statusCode).toBe(200);
    expect(await contactStatus(bobId)).toBe(200);
    expect(await historyOf(user, bobId)).toEqual([]);
    expect((await act("dismiss")).statusCode).toBe(200);

    // A new address revokes the old one at once.
    const renewed = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/settings/inbound/forwarding-address",
    });
    expect(renewed.json().forwardingAddress).not.toBe(address);
    await expect(sendMail({ to: address })).rejects.toMatchObject({ responseCode: 550 });
  });

  describe("accept, dismiss and undo through the API", () => {
    it("accepts the Lisbon suggestion, undoes it, and keeps another user out", async () => {
      const list = await repliesOf(user);
      const lisbon = list.items
        .flatMap((r: { actions: unknown[] }) => r.actions)
        .find((a: { kind: string }) => a.kind === "place");
      const stranger = await createUser(t.app);
      for (const verb of ["accept", "dismiss", "undo"]) {
        const res = await injectAs(t.app, stranger, {
          method: "POST",
          url: `/api/replies/actions/${lisbon.id}/${verb}`,
          payload: {},
        });
        expect(res.statusCode, `${verb} ${res.body}`).toBe(404);
      }
      // Accept pressed twice at once (a double click): one is made, the other told so.
      const accept = () =>
        injectAs(t.app, user, {
          method: "POST",
          url: `/api/replies/actions/${lisbon.id}/accept`,
          payload: {},
        });
      const both = await Promise.all([accept(), accept()]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const accepted = both.find((r) => r.statusCode === 200)!;
      expect(accepted.json()).toMatchObject({ status: "applied", undoId: lisbon.id });
      const contact = await injectAs(t.app, user, { url: `/api/contacts/${grace.id}` });
      expect(contact.json()).toMatchObject({ city: "Lisbon", countryCode: "PT" });

      const undone = await injectAs(t.app, user, {
        method: "POST",
        url: `/api/replies/actions/${lisbon.id}/undo`,
        payload: {},
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({ status: "suggested", undoId: null });
      const after = await injectAs(t.app, user, { url: `/api/contacts/${grace.id}` });
      expect(after.json().city).toBeNull();

      const dismissed = await injectAs(t.app, user, {
        method: "POST",
        url: `/api/replies/actions/${lisbon.id}/dismiss`,
        payload: {},
      });
      expect(dismissed.json()).toMatchObject({ status: "dismissed" });
      expect((await repliesOf(user)).pendingCount).toBe(0);
    });

    it("undoes a logged entry from the answer's link: a page on GET, the undo on POST", async () => {
      const [answer] = await answersTo(user.email);
      const link = /undo: (http:\/\/localhost:3000(\/reply-undo\/\S+))\)/.exec(answer!.text)!;
      const page = await t.app.inject({ url: link[2]! });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Undo the assistant");
      expect((await historyOf(user, grace.id)).some((h) => h.replyId)).toBe(true);
      const done = await t.app.inject({
        method: "POST",
        url: link[2]!,
        headers: { origin: TEST_APP_URL },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect((await historyOf(user, grace.id)).some((h) => h.replyId)).toBe(false);
      const again = await t.app.inject({ method: "POST", url: link[2]! });
      expect(again.statusCode).toBe(404);
    });
  });

  /** A text from `params.From`, signed as Twilio signs its incoming webhook. */
  function postSms(params: Record<string, string>, signature?: string) {
    const url = "/api/inbound/sms/twilio";
    return t.app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature":
          signature ?? twilioSignature(TWILIO_TOKEN, `${TEST_APP_URL}${url}`, params),
        origin: "https://api.twilio.com",
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  /** Digests to `who` by text from now on, at a verified `phone`. */
  async function remindByText(who: TestUser, phone: string) {
    await t.app.db
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: true })
      .where(eq(users.id, who.id));
    await saveSchedule(t.app, who, { timezone: "Pacific/Auckland", reminderMethod: "text" });
  }

  describe("Twilio's incoming texts", () => {
    const phone = "+15551230001";
    const post = postSms;

    beforeAll(async () => {
      await remindByText(user, phone);
      await addDueContact(t.app, user, { firstName: "Ada", lastContactedOn: daysAgo(30) });
      katherine = await addDueContact(t.app, user, {
        firstName: "Katherine",
        lastName: "Johnson",
        lastContactedOn: daysAgo(25),
      });
      const res = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
      expect(res.statusCode, res.body).toBe(200);
    });

    let katherine: { id: string };

    it("numbers the text digest's people and reads a reply of numbers from the verified phone", async () => {
      const [digest] = await t.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, phone), eq(outbox.kind, "reminder-test")));
      expect(digest!.text).toMatch(
        /: 1 Ada Lovelace, 2 Katherine Johnson, 3 Grace Hopper\. Reply 1 2 when done, or say what happened\. http/,
      );
      const before = (await historyOf(user, katherine.id)).length;
      const res = await post({ From: phone, Body: "2", MessageSid: "SM-one" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("text/xml");
      expect((await historyOf(user, katherine.id)).length).toBe(before + 1);
      const [answer] = await answersTo(phone);
      expect(answer!.channel).toBe("sms");
      expect(answer!.text).toMatch(/^Tend: logged Katherine Johnson\. Undo: http/);
      expect(answer!.text).not.toContain("\n");
    });

    it("refuses a bad signature and ignores an unknown number", async () => {
      const before = (await repliesOf(user)).items.length;
      const bad = await post({ From: phone, Body: "1", MessageSid: "SM-two" }, "c2lnbmF0dXJl");
      expect(bad.statusCode).toBe(403);
      const unknown = await post({ From: "+15550000000", Body: "1", MessageSid: "SM-three" });
      expect(unknown.statusCode).toBe(200);
      expect((await repliesOf(user)).items.length).toBe(before);
      expect(await answersTo("+15550000000")).toHaveLength(0);
    });
  });

  describe("a household's line in a text digest", () => {
    const phone = "+15551230002";
    let carter: TestUser;
    let sam: { id: string };
    let jo: { id: string };
    let turing: { id: string };
    let mailedTo: string;

    async function loggedByReply(contactId: string) {
      return (await historyOf(carter, contactId)).filter((h) => h.replyId).length;
    }

    beforeAll(async () => {
      carter = await createUser(t.app);
      await remindByText(carter, phone);
      sam = await addDueContact(t.app, carter, {
        firstName: "Sam",
        lastName: "Carter",
        lastContactedOn: daysAgo(30),
      });
      jo = await addDueContact(t.app, carter, {
        firstName: "Jo",
        lastName: "Carter",
        lastContactedOn: daysAgo(30),
      });
      turing = await addDueContact(t.app, carter, {
        firstName: "Alan",
        lastName: "Turing",
        lastContactedOn: daysAgo(20),
      });
      const household = await injectAs(t.app, carter, {
        method: "POST",
        url: "/api/households",
        payload: { name: "The Carters", contactIds: [sam.id, jo.id] },
      });
      expect(household.statusCode, household.body).toBe(201);
      const res = await injectAs(t.app, carter, { method: "POST", url: "/api/reminders/test" });
      expect(res.statusCode, res.body).toBe(200);
      // The same digest by mail, whose Reply-To is answered below.
      await saveSchedule(t.app, carter, { timezone: "Pacific/Auckland", reminderMethod: "email" });
      mailedTo = await digestReplyTo(carter);
      await remindByText(carter, phone);
    });

    it("reads a texted number as the line the text showed: 2 is Alan, 1 is Sam and Jo", async () => {
      const [digest] = await t.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, phone), eq(outbox.kind, "reminder-test")));
      expect(digest!.text).toMatch(/: 1 The Carters \(Sam and Jo\), 2 Alan Turing\. Reply 1 2 /);

      const two = await postSms({ From: phone, Body: "2", MessageSid: "SM-carters-2" });
      expect(two.statusCode, two.body).toBe(200);
      expect(await loggedByReply(turing.id)).toBe(1);
      expect(await loggedByReply(jo.id)).toBe(0);
      expect(await loggedByReply(sam.id)).toBe(0);

      const one = await postSms({ From: phone, Body: "1", MessageSid: "SM-carters-1" });
      expect(one.statusCode, one.body).toBe(200);
      expect(await loggedByReply(sam.id)).toBe(1);
      expect(await loggedByReply(jo.id)).toBe(1);
      expect(await loggedByReply(turing.id)).toBe(1);
      const answers = (await answersTo(phone)).map((a) => a.text);
      expect(answers).toHaveLength(2);
      expect(answers.some((a) => /^Tend: logged Alan Turing\. Undo/.test(a))).toBe(true);
      expect(answers.some((a) => /Sam Carter/.test(a) && /Jo Carter/.test(a))).toBe(true);
    });

    it('reads "all" as everyone the text showed, each once', async () => {
      const people = [sam.id, jo.id, turing.id];
      const before = await Promise.all(people.map(loggedByReply));
      const all = await postSms({ From: phone, Body: "all done", MessageSid: "SM-carters-all" });
      expect(all.statusCode, all.body).toBe(200);
      expect(await Promise.all(people.map(loggedByReply))).toEqual(before.map((n) => n + 1));
    });

    it("reads a number mailed back to the digest the same way", async () => {
      const people = [sam.id, jo.id, turing.id];
      const before = await Promise.all(people.map(loggedByReply));
      await sendMail({
        to: mailedTo,
        from: carter.email,
        text: "1",
        messageId: "<carters@x.test>",
      });
      expect(await Promise.all(people.map(loggedByReply))).toEqual([
        before[0]! + 1,
        before[1]! + 1,
        before[2],
      ]);
    });
  });
});

describe("the listener's rates", () => {
  let t: TestApp;
  let listener: SmtpListener;
  beforeAll(async () => {
    t = await build({ INBOUND_SMTP_PORT: "0", INBOUND_DOMAIN: DOMAIN });
    listener = await startSmtpListener(createInboundDeps(t.app.services, t.app.log), {
      port: 0,
      host: "127.0.0.1",
      senderCheck: { resolver: dnsStub() },
    });
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  it("takes a sender's first 30 messages in ten minutes and asks the 31st to wait", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
    });
    const user = await createUser(t.app);
    const address = (await injectAs(t.app, user, { url: "/api/settings/inbound" })).json()
      .forwardingAddress as string;
    const send = () =>
      transport.sendMail({ from: "flood@example.com", to: address, text: "not the user" });
    for (let i = 0; i < 30; i += 1) await send();
    await expect(send()).rejects.toMatchObject({ responseCode: 450 });
    transport.close();
    expect((await repliesOfUser(t, user)).items).toHaveLength(0);
  }, 60_000);
});

async function repliesOfUser(t: TestApp, user: TestUser) {
  return (await injectAs(t.app, user, { url: "/api/replies" })).json();
}

describe("the listener's own SPF, DKIM and DMARC", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const dkimKey = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");
  // The test's DNS: each sender's domain publishes the policy its case needs. Mail comes from
  // 127.0.0.1, which only allowed.test's SPF names.
  const resolver = dnsStub({
    "allowed.test": "v=spf1 ip4:127.0.0.1 -all",
    "elsewhere.test": "v=spf1 ip4:192.0.2.1 -all",
    "signed.test": "v=spf1 ip4:192.0.2.1 -all",
    "mail._domainkey.signed.test": `v=DKIM1; k=rsa; p=${dkimKey}`,
    "_dmarc.signed.test": "v=DMARC1; p=reject",
    "_dmarc.strict.test": "v=DMARC1; p=reject",
  });
  let t: TestApp;
  let listener: SmtpListener;
  let users = 0;

  beforeAll(async () => {
    t = await build({ INBOUND_SMTP_PORT: "0", INBOUND_DOMAIN: DOMAIN });
    listener = await startSmtpListener(createInboundDeps(t.app.services, t.app.log), {
      port: 0,
      host: "127.0.0.1",
      senderCheck: { resolver },
    });
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  /** Mail forwarded by a user at `domain` to their log address: how many replies it made. */
  async function forwardFrom(domain: string, options: { sign?: boolean } = {}) {
    users += 1;
    const user = await createUser(t.app, { email: `ada-${users}@${domain}` });
    const address = (await injectAs(t.app, user, { url: "/api/settings/inbound" })).json()
      .forwardingAddress as string;
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
      ...(options.sign
        ? { dkim: { domainName: domain, keySelector: "mail", privateKey: keys.privateKey } }
        : {}),
    });
    await transport.sendMail({
      from: user.email,
      to: address,
      cc: "grace@example.org",
      subject: "Fwd: lunch",
      text: "lunch on Friday?",
    });
    transport.close();
    return (await repliesOfUser(t, user)).items.length as number;
  }

  it("takes mail from an address whose domain lets this sender send it", async () => {
    expect(await forwardFrom("allowed.test")).toBe(1);
  });

  it("drops mail whose SPF fails with no DKIM signature", async () => {
    expect(await forwardFrom("elsewhere.test")).toBe(0);
  });

  it("takes mail that fails SPF but carries the domain's own DKIM signature", async () => {
    expect(await forwardFrom("signed.test", { sign: true })).toBe(1);
    expect(await forwardFrom("signed.test")).toBe(0);
  });

  it("drops mail its domain's DMARC policy rejects", async () => {
    expect(await forwardFrom("strict.test")).toBe(0);
  });
});
