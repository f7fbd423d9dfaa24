// Buttons and free text from a chat, after the channel has said whose chat it is: a button acts
// once and only on its own account's digest; text reaches the assistant as a reply to the last
// digest sent to that chat, and the answer is queued back to the same chat.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import type { Contact } from "../../../core/contacts";
import type { ChatMessage } from "../../../core/chat-channels";
import { contacts, interactions, outbox, reminderDeliveries, replies } from "../../db/schema/index";
import { createInboundDeps } from "../replies/replies.public";
import { saveChannel } from "./channels.service";
import { chatButtonData, pressChatButton, receiveChatText } from "./chat-inbound";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

/** A user whose WhatsApp got the digest of `day` about the people `addPeople` adds (Ada). */
async function userWithDigest<T = Contact>(
  day: string,
  addPeople: (user: TestUser) => Promise<T> = (user) => addDueContact(t.app, user) as Promise<T>,
) {
  setNow(t.app, `${day}T05:00:00Z`);
  const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
  const people = await addPeople(user);
  const channel = await saveChannel(t.app.db, {
    userId: user.id,
    kind: "whatsapp",
    address: `+1500555${Math.floor(Math.random() * 10_000)}`,
    label: "my phone",
    secret: null,
    now: t.app.clock.now(),
  });
  setNow(t.app, `${day}T06:00:01Z`);
  await runJobs(t.app);
  const delivery = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "whatsapp")!;
  // No WhatsApp app in this test's server: the digest was written but could not go out. Count
  // it as sent, as the real sender would have.
  await t.app.db
    .update(reminderDeliveries)
    .set({ status: "sent" })
    .where(eq(reminderDeliveries.id, delivery.id));
  return { user, people, channel, delivery };
}

async function interactionsOf(contactId: string) {
  return t.app.db.select().from(interactions).where(eq(interactions.contactId, contactId));
}

describe("chat buttons and text", () => {
  it("a button press logs once, however often it is pressed, and only for its own account", async () => {
    const { user, people: ada, delivery } = await userWithDigest("2026-08-03");
    const deps = createInboundDeps(t.app.services, t.app.log);
    const data = chatButtonData("contacted", delivery.id, 0);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);

    // Adding Ada logged when she was last in touch: one entry to start from.
    expect(await interactionsOf(ada.id)).toHaveLength(1);
    const other = await createReminderUser(t.app, { timezone: "UTC" });
    expect(await pressChatButton(deps, { userId: other.user.id, data })).toEqual({
      text: "That reminder is no longer there. Nothing was changed.",
      done: false,
    });
    expect(await interactionsOf(ada.id)).toHaveLength(1);

    expect(await pressChatButton(deps, { userId: user.id, data })).toEqual({
      text: "Marked Ada Lovelace as contacted today.",
      done: true,
    });
    expect(await pressChatButton(deps, { userId: user.id, data })).toEqual({
      text: "Already done for Ada Lovelace.",
      done: true,
    });
    expect(await interactionsOf(ada.id)).toHaveLength(2);

    const [before] = await t.app.db.select().from(contacts).where(eq(contacts.id, ada.id));
    const snooze = chatButtonData("snooze", delivery.id, 0);
    expect((await pressChatButton(deps, { userId: user.id, data: snooze })).text).toBe(
      "Snoozed Ada Lovelace for a week.",
    );
    const [row] = await t.app.db.select().from(contacts).where(eq(contacts.id, ada.id));
    expect(row!.nextDueAt!.getTime()).toBeGreaterThan(before!.nextDueAt!.getTime());
    expect((await pressChatButton(deps, { userId: user.id, data: "x:nonsense" })).text).toMatch(
      /not one I know/,
    );
    expect(
      (
        await pressChatButton(deps, {
          userId: user.id,
          data: chatButtonData("contacted", delivery.id, 7),
        })
      ).text,
    ).toBe("That reminder is no longer there. Nothing was changed.");
  });

  it("free text reaches the assistant as a reply to the chat's last digest, answered in the chat", async () => {
    const { user, people: ada, channel, delivery } = await userWithDigest("2026-08-10");
    const deps = createInboundDeps(t.app.services, t.app.log);
    const input = {
      userId: user.id,
      kind: "whatsapp" as const,
      channelId: channel.id,
      text: "called Ada yesterday",
      messageId: "wa:test-1",
      receivedAt: t.app.clock.now(),
    };
    const handled = await receiveChatText(deps, input);
    expect(handled).toMatchObject({ outcome: "handled", applied: 1 });
    expect(await receiveChatText(deps, input)).toEqual({ outcome: "duplicate" });

    const [reply] = await t.app.db.select().from(replies).where(eq(replies.userId, user.id));
    expect(reply).toMatchObject({ channel: "whatsapp", deliveryId: delivery.id, from: channel.id });
    expect(await interactionsOf(ada.id)).toHaveLength(2); // the one she was added with, and this

    const answers = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, "reply-answer")));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ channel: "whatsapp", to: channel.id });
    const message = answers[0]!.payload as ChatMessage;
    expect(message.kind).toBe("answer");
    expect(message.text).toMatch(/^Done:\n\* .*Ada Lovelace/);
    expect(message.text).not.toContain("--");
  });

  it("a household's line is one button and one number: it marks everyone it named", async () => {
    const { user, people, channel, delivery } = await userWithDigest("2026-08-17", async (user) => {
      // Sam and Jo were last in touch ten days ago, Alan eight: the Carters' line comes first.
      const sam = await addDueContact(t.app, user, { firstName: "Sam", lastName: "Carter" });
      const jo = await addDueContact(t.app, user, { firstName: "Jo", lastName: "Carter" });
      const alan = await addDueContact(t.app, user, {
        firstName: "Alan",
        lastName: "Turing",
        lastContactedOn: "2026-08-09",
      });
      const household = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/households",
        payload: { name: "The Carters", contactIds: [sam.id, jo.id] },
      });
      expect(household.statusCode, household.body).toBe(201);
      return { sam, jo, alan };
    });
    const { sam, jo, alan } = people;
    const [digest] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.channel, "whatsapp")));
    const lines = (digest!.payload as ChatMessage).people.map((p) => p.name);
    expect(lines).toEqual(["The Carters (Sam and Jo)", "Alan Turing"]);

    const deps = createInboundDeps(t.app.services, t.app.log);
    const press = (index: number) =>
      pressChatButton(deps, {
        userId: user.id,
        data: chatButtonData("contacted", delivery.id, index),
      });
    expect((await press(1)).text).toBe("Marked Alan Turing as contacted today.");
    expect(await interactionsOf(jo.id)).toHaveLength(1);
    expect((await press(0)).text).toBe("Marked Sam Carter and Jo Carter as contacted today.");
    expect(await interactionsOf(sam.id)).toHaveLength(2);
    expect(await interactionsOf(jo.id)).toHaveLength(2);
    expect(await interactionsOf(alan.id)).toHaveLength(2);

    const handled = await receiveChatText(deps, {
      userId: user.id,
      kind: "whatsapp",
      channelId: channel.id,
      text: "1",
      messageId: "wa:test-carters",
      receivedAt: t.app.clock.now(),
    });
    expect(handled).toMatchObject({ outcome: "handled", applied: 2 });
    expect(await interactionsOf(sam.id)).toHaveLength(3);
    expect(await interactionsOf(jo.id)).toHaveLength(3);
    expect(await interactionsOf(alan.id)).toHaveLength(2);
  });
});
