// Settings → Chat and push reminders (issue 49) from the user's side: a webhook connected to a
// receiver on this machine shows its signing secret, and its test digest arrives signed with it;
// an ntfy topic with an access token gets its test as a push; a refused URL is told next to the
// field in the server's words; disconnecting stops the channel. The card fits a phone and passes
// axe in both themes. Telegram and WhatsApp are not set up on the e2e server.
import type { Page } from "@playwright/test";
import { startFakeNtfy } from "../helpers/fake-ntfy";
import { startWebhookReceiver } from "../helpers/webhook-receiver";
import {
  addOverdueContact,
  BASE_URL,
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  test,
} from "./fixtures";
import { expectNoOverflowOnPhones } from "./page-width";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let ntfy: Awaited<ReturnType<typeof startFakeNtfy>>;
const NTFY_TOKEN = "tk_e2e_chat_channels";

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ntfy = await startFakeNtfy({ token: NTFY_TOKEN });
});

test.afterAll(async () => {
  await receiver?.close();
  await ntfy?.close();
});

async function openChatCard(page: Page) {
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const list = page.getByRole("list", { name: "Chat and push channels" });
  await expect(list).toBeVisible();
  return list;
}

test("a webhook gets a signed test digest, ntfy a push with its token; both disconnect", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await createUser(page);
  await addOverdueContact(page);
  const list = await openChatCard(page);
  const webhook = list.getByTestId("chat-channel-webhook");
  const ntfyItem = list.getByTestId("chat-channel-ntfy");
  for (const kind of ["telegram", "whatsapp"]) {
    await expect(list.getByTestId(`chat-channel-${kind}`)).toContainText(
      "Not set up on this server.",
    );
  }
  await expect(webhook).toContainText("Not connected");
  await expect(ntfyItem).toContainText("Not connected");

  // A link-local address is never reached, even on a server that allows private networks: the
  // server's own sentence shows under the field.
  const refusedUrl = "http://169.254.169.254/latest/meta-data";
  const refusal = await page.request.put("/api/reminders/chat-channels/webhook", {
    headers: { origin: BASE_URL },
    data: { url: refusedUrl },
  });
  expect(refusal.status()).toBe(400);
  const { error } = (await refusal.json()) as { error: { fields: { url: string } } };
  const urlField = webhook.getByLabel("Webhook URL");
  await webhook.getByRole("button", { name: "Connect webhook" }).click();
  await expect(webhook.getByRole("alert")).toHaveText(
    "Enter the URL that should receive your reminders.",
  );
  await urlField.fill(refusedUrl);
  await webhook.getByRole("button", { name: "Connect webhook" }).click();
  await expect(webhook.getByRole("alert")).toHaveText(error.fields.url);
  await expect(urlField).toHaveAttribute("aria-invalid", "true");

  await urlField.fill(receiver.url);
  await webhook.getByRole("button", { name: "Connect webhook" }).click();
  await expectToast(page, "Webhook connected");
  await expect(webhook).toContainText("Connected");
  await expect(webhook).toContainText(receiver.url.replace("http://", ""));
  const secretText = webhook.getByTestId("webhook-secret");
  await expect(secretText).toHaveText(/^\S{20,}$/);
  const secret = (await secretText.textContent())!;
  await webhook.getByRole("button", { name: "Copy secret" }).click();
  await expectToast(page, "Secret copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  receiver.state.secret = secret;
  await webhook.getByRole("button", { name: "Send a test to Webhook" }).click();
  await expectToast(page, /Test reminder sent to your webhook/);
  await expect.poll(() => receiver.received.length).toBe(1);
  expect(receiver.refused).toEqual([]);
  expect(receiver.received[0]!.event).toMatchObject({
    type: "reminder.test",
    people: [expect.objectContaining({ name: "Ada Lovelace" })],
  });
  const log = page.getByRole("list", { name: "Delivery log" });
  await expect(log.getByTestId("delivery-item").first()).toContainText("Webhook · 1 person due");
  await expect(log.getByTestId("delivery-item").first()).toContainText("Sent");

  // ntfy from the keyboard: the topic, the token, Enter.
  const topicUrl = ntfy.topicUrl(`tend-e2e-${Date.now()}`);
  await ntfyItem.getByLabel("Topic URL").fill(topicUrl);
  await ntfyItem.getByLabel("Access token (optional)").fill(NTFY_TOKEN);
  await ntfyItem.getByLabel("Access token (optional)").press("Enter");
  await expectToast(page, "ntfy connected");
  await expect(ntfyItem).toContainText("Connected");
  await expect(ntfyItem).toContainText(topicUrl);
  await expect(page.getByText(NTFY_TOKEN)).toHaveCount(0);
  await ntfyItem.getByRole("button", { name: "Send a test to ntfy" }).click();
  await expectToast(page, /Test reminder sent to ntfy/);
  await expect.poll(() => ntfy.messages.length).toBe(1);
  expect(ntfy.messages[0]).toMatchObject({ authorization: `Bearer ${NTFY_TOKEN}` });
  expect(ntfy.messages[0]!.message).toContain("Ada Lovelace");

  // Connected channels on a phone and in both themes: nothing sticks out, axe finds nothing.
  await expectNoOverflowOnPhones(page, expectNoAxeViolations);

  await webhook.getByRole("button", { name: "Disconnect Webhook" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("the signing secret is dropped");
  await confirm.getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "Webhook disconnected");
  await expect(webhook).toContainText("Not connected");
  await expect(webhook.getByTestId("webhook-secret")).toHaveCount(0);
  await ntfyItem.getByRole("button", { name: "Disconnect ntfy" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(ntfyItem).toContainText("Not connected");
  const after = (await (await page.request.get("/api/reminders/chat-channels")).json()) as {
    channels: unknown[];
  };
  expect(after.channels).toEqual([]);
});
