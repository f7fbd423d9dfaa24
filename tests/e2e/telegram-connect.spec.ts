// Connecting Telegram from Settings (issue 49) against a stand-in Bot API: "Connect Telegram"
// gives a t.me start link, the card waits for it, the chat's /start binds it and the card turns
// Connected by itself; a test digest reaches the chat; disconnecting unbinds it.
import { startFakeTelegram, TELEGRAM_TEST_BOT } from "../helpers/fake-telegram";
import {
  addOverdueContact,
  createUser,
  expect,
  expectToast,
  serverOfItsOwn,
  test,
} from "./fixtures";

// A server of this spec's own (a free port: a fixed one next to the shared server's was 4190 on
// CI, which fetch and Chromium refuse to reach, a port on the Fetch standard's bad list):
// Telegram is set up on it, and its poller runs with the jobs.
const own = serverOfItsOwn(startFakeTelegram);

test("a start link connects Telegram, a test digest reaches the chat, Disconnect unbinds", async ({
  page,
}) => {
  const { app, standIn: telegram } = own;
  await createUser(page, { origin: app.base });
  await addOverdueContact(page, app.base);
  await page.goto(`${app.base}/app/settings`);
  const item = page.getByTestId("chat-channel-telegram");
  await expect(item).toContainText("Not connected");

  await item.getByRole("button", { name: "Connect Telegram" }).click();
  const open = item.getByRole("link", { name: "Open Telegram" });
  await expect(open).toHaveAttribute(
    "href",
    new RegExp(`^https://t\\.me/${TELEGRAM_TEST_BOT}\\?start=[\\w-]+$`),
  );
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(item).toContainText("Waiting for you in Telegram");
  const token = new URL((await open.getAttribute("href"))!).searchParams.get("start")!;

  const chat = telegram.chat(424242, { username: "ada" });
  await telegram.handled(chat.send(`/start ${token}`));
  // The card reads the list again while a link waits: no reload.
  await expect(item).toContainText("Connected");
  await expect(item.getByRole("link", { name: "Open Telegram" })).toHaveCount(0);

  await item.getByRole("button", { name: "Send a test to Telegram" }).click();
  await expectToast(page, /Test reminder sent to Telegram/);
  await expect.poll(() => chat.messages().some((m) => m.text.includes("Ada Lovelace"))).toBe(true);

  await item.getByRole("button", { name: "Disconnect Telegram" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "Telegram disconnected");
  await expect(item).toContainText("Not connected");
  await expect(item.getByRole("button", { name: "Connect Telegram" })).toBeVisible();
});
