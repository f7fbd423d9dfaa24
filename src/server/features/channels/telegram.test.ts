// Telegram reminders end to end against a stand-in Bot API (issue 49 item 2): a start link binds
// a chat once, the digest arrives with a row of buttons per person, a press acts once and only
// on the chat's own account, free text reaches the assistant and its answer comes back, /stop
// unbinds; only the lease holder polls; the webhook refuses a wrong secret.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startFakeTelegram,
  TELEGRAM_TEST_BOT,
  type FakeTelegram,
} from "../../../../tests/helpers/fake-telegram";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import type { ChatMessage } from "../../../core/chat-channels";
import {
  contacts,
  interactions,
  reminderChannels,
  replies,
  serviceLeases,
} from "../../db/schema/index";
import { telegramKeyboard } from "./telegram";
import { startTelegram } from "./telegram-poll";
import { TELEGRAM_TEXTS } from "./telegram-updates";

// Quick polls and lease retries: the tests wait for events, never for these.
const FAST = { pollSeconds: 2, retryMs: 50, renewMs: 200 };
let chatIds = 7_000_000;

async function linkFor(t: TestApp, user: TestUser) {
  const res = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/reminders/chat-channels/telegram",
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ link: string; expiresAt: string }>();
  const token = new URL(body.link).searchParams.get("start")!;
  return { ...body, token };
}

async function channelsOf(t: TestApp, user: TestUser) {
  const res = await injectAs(t.app, user, { method: "GET", url: "/api/reminders/chat-channels" });
  return res.json<{ channels: { kind: string; status: string; label: string | null }[] }>()
    .channels;
}

describe("Telegram reminders", () => {
  let t: TestApp;
  let fake: FakeTelegram;
  let stopTelegram: () => Promise<void>;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    t = await build(fake.env);
    stopTelegram = startTelegram(t.app.services, t.app.log, FAST).stop;
  });
  afterAll(async () => {
    await stopTelegram();
    await t.close();
    await fake.close();
  });

  /** A user whose Telegram chat is connected through the real start link, early on `day`. */
  async function connectedUser(day: string, username = "ada") {
    setNow(t.app, `${day}T04:00:00Z`);
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    const chat = fake.chat(chatIds++, { username });
    const { token } = await linkFor(t, user);
    await fake.handled(chat.send(`/start ${token}`));
    expect(chat.messages().at(-1)?.text).toBe(TELEGRAM_TEXTS.connected);
    return { user, chat };
  }

  /** The digest the chat got for a user with Ada due (the scheduler and outbox run for real). */
  async function digestFor(user: TestUser, chat: ReturnType<FakeTelegram["chat"]>, day: string) {
    setNow(t.app, `${day}T05:00:00Z`);
    const ada = await addDueContact(t.app, user);
    setNow(t.app, `${day}T06:00:01Z`);
    await runJobs(t.app);
    const digest = chat.messages().at(-1)!;
    expect(digest.text).toContain("Ada Lovelace");
    return { ada, digest };
  }

  const historyOf = (contactId: string) =>
    t.app.db.select().from(interactions).where(eq(interactions.contactId, contactId));

  it("connects a chat through a start link that works once and for 15 minutes", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    const link = await linkFor(t, user);
    expect(link.link).toMatch(
      new RegExp(`^https://t\\.me/${TELEGRAM_TEST_BOT}\\?start=[A-Za-z0-9_-]{20,64}$`),
    );
    expect(link.expiresAt).toBe("2026-05-01T05:15:00.000Z");
    expect(await channelsOf(t, user)).toMatchObject([{ kind: "telegram", status: "pending" }]);

    const chat = fake.chat(chatIds++, { username: "ada_l" });
    await fake.handled(chat.send(`/start ${link.token}`));
    expect(chat.messages().map((m) => m.text)).toEqual([TELEGRAM_TEXTS.connected]);
    expect(await channelsOf(t, user)).toMatchObject([
      { kind: "telegram", status: "active", label: "@ada_l" },
    ]);

    // Used once: another chat with the same link is told so, and binds nothing.
    const stranger = fake.chat(chatIds++, { firstName: "Eve" });
    await fake.handled(stranger.send(`/start ${link.token}`));
    expect(stranger.messages().map((m) => m.text)).toEqual([TELEGRAM_TEXTS.badLink]);
    const [row] = await t.app.db
      .select()
      .from(reminderChannels)
      .where(eq(reminderChannels.userId, user.id));
    expect(row).toMatchObject({ address: String(chat.id), connectTokenHash: null });

    // A new link is dead after 15 minutes; the connected chat stays connected.
    const late = await linkFor(t, user);
    setNow(t.app, "2026-05-01T05:15:01Z");
    const other = fake.chat(chatIds++, { firstName: "Grace" });
    await fake.handled(other.send(`/start ${late.token}`));
    expect(other.messages().map((m) => m.text)).toEqual([TELEGRAM_TEXTS.badLink]);
    expect(await channelsOf(t, user)).toMatchObject([{ status: "active", label: "@ada_l" }]);
  });

  it("a chat bound to no account is told how to connect and changes nothing", async () => {
    const chat = fake.chat(chatIds++);
    await fake.handled(chat.send("called Ada yesterday"));
    await fake.handled(chat.send("/start"));
    await fake.handled(chat.send("/start not-a-real-token"));
    expect(chat.messages().map((m) => m.text)).toEqual([
      TELEGRAM_TEXTS.notConnected,
      TELEGRAM_TEXTS.notConnected,
      TELEGRAM_TEXTS.badLink,
    ]);
    expect(
      await t.app.db
        .select()
        .from(reminderChannels)
        .where(eq(reminderChannels.address, String(chat.id))),
    ).toEqual([]);
  });

  it("the digest comes with a row of buttons per person; Mark contacted logs once", async () => {
    const { user, chat } = await connectedUser("2026-05-02");
    const { ada, digest } = await digestFor(user, chat, "2026-05-02");
    const keyboard = digest.reply_markup!.inline_keyboard;
    expect(keyboard.map((row) => row.map((b) => b.text))).toEqual([
      ["Mark contacted", "Snooze 1 week"],
    ]);
    // APP_URL is http here: Telegram refuses such URL buttons, so there is no "Open Tend".
    expect(keyboard.flat().every((b) => b.callback_data && b.callback_data.length <= 64)).toBe(
      true,
    );
    const delivery = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "telegram");
    expect(delivery).toMatchObject({ status: "sent", channel: "telegram" });

    const before = (await historyOf(ada.id)).length;
    const mark = keyboard[0]![0]!.callback_data!;
    const sentText = digest.text;
    await fake.handled(chat.press(digest, mark));
    await fake.handled(chat.press(digest, mark));
    expect(await historyOf(ada.id)).toHaveLength(before + 1);
    expect(fake.callbackAnswers.slice(-2).map((a) => a.text)).toEqual([
      "Marked Ada Lovelace as contacted today.",
      "Already done for Ada Lovelace.",
    ]);
    // The digest shows it: a line under its text and Ada's buttons gone; the second press,
    // on the marked digest, edits nothing.
    const edits = fake.edits.filter((e) => e.message_id === digest.message_id);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.text).toBe(`${sentText}\n\n✓ Marked Ada Lovelace as contacted today.`);
    expect(edits[0]!.reply_markup).toEqual({ inline_keyboard: [] });
  });

  it("Snooze 1 week moves the person's due date a week and logs nothing", async () => {
    const { user, chat } = await connectedUser("2026-05-03");
    const { ada, digest } = await digestFor(user, chat, "2026-05-03");
    const dueOf = async () =>
      (await t.app.db.select().from(contacts).where(eq(contacts.id, ada.id)))[0]!.nextDueAt!;
    const due = await dueOf();
    const before = (await historyOf(ada.id)).length;
    const snooze = digest.reply_markup!.inline_keyboard[0]![1]!.callback_data!;
    await fake.handled(chat.press(digest, snooze));
    // Ada was 3 days overdue on 3 May: snoozed, she is due a week from that day.
    expect(due.toISOString().slice(0, 10)).toBe("2026-04-30");
    expect((await dueOf()).toISOString().slice(0, 10)).toBe("2026-05-10");
    expect(await historyOf(ada.id)).toHaveLength(before);
    expect(fake.callbackAnswers.at(-1)?.text).toBe("Snoozed Ada Lovelace for a week.");
  });

  it("free text goes to the assistant, is logged, and its answer comes back to the chat", async () => {
    const { user, chat } = await connectedUser("2026-05-04");
    const { ada } = await digestFor(user, chat, "2026-05-04");
    const before = (await historyOf(ada.id)).length;
    await fake.handled(chat.send("called Ada yesterday"));
    await t.app.outbox.drain();
    const stored = await t.app.db.select().from(replies).where(eq(replies.userId, user.id));
    expect(stored).toMatchObject([{ channel: "telegram", text: "called Ada yesterday" }]);
    expect(await historyOf(ada.id)).toHaveLength(before + 1);
    const answer = chat.messages().at(-1)!;
    expect(answer.text).toMatch(/Ada Lovelace/);
    expect(answer.reply_markup).toBeUndefined();
  });

  it("/stop unbinds the chat: no more reminders, and its old buttons do nothing", async () => {
    const { user, chat } = await connectedUser("2026-05-05");
    const { ada, digest } = await digestFor(user, chat, "2026-05-05");
    await fake.handled(chat.send("/stop"));
    expect(chat.messages().at(-1)?.text).toBe(TELEGRAM_TEXTS.stopped);
    expect(await channelsOf(t, user)).toEqual([]);
    const before = (await historyOf(ada.id)).length;
    await fake.handled(
      chat.press(digest, digest.reply_markup!.inline_keyboard[0]![0]!.callback_data!),
    );
    expect(fake.callbackAnswers.at(-1)?.text).toBe(TELEGRAM_TEXTS.notConnected);
    expect(await historyOf(ada.id)).toHaveLength(before);
  });

  it("a chat of another account cannot act on this user's contacts or take over the chat", async () => {
    const { user, chat } = await connectedUser("2026-05-06");
    const { ada, digest } = await digestFor(user, chat, "2026-05-06");
    const { user: mallory, chat: theirs } = await connectedUser("2026-05-06", "mallory");
    const before = (await historyOf(ada.id)).length;
    // Mallory's chat presses a button copied from the user's digest.
    await fake.handled(
      theirs.press(digest, digest.reply_markup!.inline_keyboard[0]![0]!.callback_data!),
    );
    expect(fake.callbackAnswers.at(-1)?.text).toBe(
      "That reminder is no longer there. Nothing was changed.",
    );
    expect(await historyOf(ada.id)).toHaveLength(before);
    // Mallory's start link opened in the user's chat is refused: one chat, one account.
    const { token } = await linkFor(t, mallory);
    await fake.handled(chat.send(`/start ${token}`));
    expect(chat.messages().at(-1)?.text).toBe(TELEGRAM_TEXTS.taken);
    const [row] = await t.app.db
      .select()
      .from(reminderChannels)
      .where(eq(reminderChannels.userId, mallory.id));
    expect(row!.address).toBe(String(theirs.id));
  });

  it("a blocked bot fails the delivery for good; Telegram's 429 is retried", async () => {
    const { user, chat } = await connectedUser("2026-05-07");
    chat.block();
    setNow(t.app, "2026-05-07T05:00:00Z");
    await addDueContact(t.app, user);
    setNow(t.app, "2026-05-07T06:00:01Z");
    await runJobs(t.app);
    const blocked = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "telegram");
    expect(blocked).toMatchObject({ status: "failed" });
    expect(blocked!.reason).toMatch(/^Telegram refused the message \(403\): The bot was blocked/);

    const other = await connectedUser("2026-05-08", "busy");
    fake.state.failSendWith = 429;
    try {
      setNow(t.app, "2026-05-08T05:00:00Z");
      await addDueContact(t.app, other.user);
      setNow(t.app, "2026-05-08T06:00:01Z");
      await runJobs(t.app);
    } finally {
      fake.state.failSendWith = null;
    }
    let delivery = (await deliveriesOf(t.app, other.user.id)).find((d) => d.lane === "telegram");
    expect(delivery).toMatchObject({ status: "queued", attempts: 1 });
    setNow(t.app, "2026-05-08T06:05:00Z");
    await runJobs(t.app);
    delivery = (await deliveriesOf(t.app, other.user.id)).find((d) => d.lane === "telegram");
    expect(delivery).toMatchObject({ status: "sent" });
  });

  it("adds Open Tend only for an https address; an answer has no buttons", () => {
    const message: ChatMessage = {
      kind: "digest",
      text: "2 people are due",
      title: "2 people are due",
      people: ["Ada Lovelace", "Grace Hopper"].map((name, i) => ({
        contactId: `c${i}`,
        name,
        line: "Due today",
        markContactedUrl: "https://tend.example/r/x",
        snoozeUrl: "https://tend.example/r/y",
      })),
      openUrl: "https://tend.example/app",
      isTest: false,
      deliveryId: "00000000-0000-4000-8000-000000000000",
      createdAt: "2026-05-01T06:00:00.000Z",
    };
    expect(telegramKeyboard(message).map((row) => row.map((b) => b.text))).toEqual([
      ["✓ Ada Lovelace", "Snooze 1 week"],
      ["✓ Grace Hopper", "Snooze 1 week"],
      ["Open Tend"],
    ]);
    expect(telegramKeyboard({ ...message, kind: "answer" })).toEqual([]);
  });

  it("refuses to make a link when no bot is configured", async () => {
    const bare = await build();
    try {
      const { user } = await createReminderUser(bare.app);
      const res = await injectAs(bare.app, user, {
        method: "POST",
        url: "/api/reminders/chat-channels/telegram",
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/^Telegram is not set up on this server/);
    } finally {
      await bare.close();
    }
  });
});

describe("Telegram polling and webhook", () => {
  let fake: FakeTelegram;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    fake = await startFakeTelegram();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => fake.close());

  /** A process's Telegram side: what it reads of its poller is the lease it holds. */
  function startPoller(t: TestApp) {
    const telegram = startTelegram(t.app.services, t.app.log, FAST);
    closers.push(telegram.stop);
    return {
      stop: telegram.stop,
      get isHolding() {
        return telegram.polling!.isHolding;
      },
      get leaseAttempts() {
        return telegram.polling!.leaseAttempts;
      },
    };
  }

  it("only the lease holder polls; another process takes over when it stops or its lease runs out", async () => {
    const t = await build(fake.env);
    closers.push(() => t.close());
    // Someone else's unexpired lease: nobody here polls.
    await t.app.db.insert(serviceLeases).values({
      name: "telegram-poll",
      holder: "elsewhere",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const calls = fake.state.getUpdatesCalls;
    const first = startPoller(t);
    const second = startPoller(t);
    await vi.waitFor(() => expect(first.leaseAttempts).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
    });
    expect(fake.state.getUpdatesCalls).toBe(calls);

    // That lease runs out: exactly one of the two takes it and handles each update once.
    await t.app.db.update(serviceLeases).set({ expiresAt: new Date(Date.now() - 1000) });
    const chat = fake.chat(chatIds++);
    await fake.handled(chat.send("/start"));
    await fake.handled(chat.send("/start"));
    expect(chat.messages().map((m) => m.text)).toEqual([
      TELEGRAM_TEXTS.notConnected,
      TELEGRAM_TEXTS.notConnected,
    ]);
    const [lease] = await t.app.db.select().from(serviceLeases);
    expect(lease!.holder).not.toBe("elsewhere");

    // The holder stops and lets go: the other one takes over.
    const holder = first.isHolding ? first : second;
    const other = holder === first ? second : first;
    expect(other.isHolding).toBe(false);
    await holder.stop();
    await fake.handled(chat.send("/stop"));
    expect(other.isHolding).toBe(true);
    expect(chat.messages().at(-1)?.text).toBe(TELEGRAM_TEXTS.notConnected);
    expect(fake.state.conflicts).toBe(0);
  });

  it("webhook mode registers the webhook and refuses a wrong secret token", async () => {
    const t = await build({
      ...fake.env,
      TELEGRAM_WEBHOOK: "true",
      APP_URL: "https://tend.example",
    });
    closers.push(() => t.close());
    closers.push(startTelegram(t.app.services, t.app.log, FAST).stop);
    await vi.waitFor(() => expect(fake.state.webhook).not.toBeNull(), { timeout: 10_000 });
    expect(fake.state.webhook!.url).toBe("https://tend.example/api/inbound/telegram");
    const secret = fake.state.webhook!.secretToken!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{1,256}$/);

    const chat = fake.chat(chatIds++);
    const update = fake.takeUpdate(chat.send("/start"))!;
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/inbound/telegram", headers, payload: update });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ "x-telegram-bot-api-secret-token": `${secret}x` })).statusCode).toBe(401);
    expect(chat.messages()).toEqual([]);
    const ok = await post({ "x-telegram-bot-api-secret-token": secret });
    expect(ok.statusCode).toBe(200);
    expect(chat.messages().map((m) => m.text)).toEqual([TELEGRAM_TEXTS.notConnected]);
    // While the webhook is set, Telegram refuses getUpdates: nobody polls.
    expect(fake.state.conflicts).toBe(0);
  });
});
