// Turning on WhatsApp from Settings (issue 49) against a stand-in Cloud API: the card asks for a
// verified number first; once the phone is verified, "Use WhatsApp on <number>" opts it in, a
// test digest reaches that number as the approved template, and Disconnect turns it off.
import { startWhatsAppFake, WHATSAPP_TEST_TEMPLATE } from "../helpers/fake-whatsapp";
import {
  addOverdueContact,
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  serverOfItsOwn,
  test,
  uniqueNationalNumber,
} from "./fixtures";

// A server of this spec's own with WhatsApp set up; its outbox runs with the jobs.
const own = serverOfItsOwn(startWhatsAppFake);

test("a verified number opts in to WhatsApp, a test digest arrives as the template, Disconnect stops it", async ({
  page,
}) => {
  const { app, standIn: whatsapp } = own;
  const { base } = app;
  const headers = { origin: base };
  await createUser(page, { origin: base });
  await addOverdueContact(page, base);
  await page.goto(`${base}/app/settings`);
  const item = page.getByTestId("chat-channel-whatsapp");
  await expect(item).toContainText("Not connected");
  await expect(item).toContainText("add and verify it under Phone below");

  // Without a verified number the server says what to do.
  await item.getByRole("button", { name: "Use WhatsApp" }).click();
  await expect(item.getByRole("alert")).toContainText(/verif/i);

  // The phone, saved and verified with the code from the dev outbox.
  const phone = `+1${uniqueNationalNumber()}`;
  const saved = await page.request.patch(`${base}/api/me`, {
    headers,
    data: { phoneNumber: phone },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const sent = await page.request.post(`${base}/api/auth/phone-number/send-otp`, {
    headers,
    data: { phoneNumber: phone },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const mailbox = await (
    await page.request.get(`${base}/api/dev/mailbox?to=${encodeURIComponent(phone)}`)
  ).json();
  const code = /(\d{6}) is your Tend verification code\./.exec(mailbox.texts[0]?.body ?? "")?.[1];
  expect(code, "a code in the dev outbox").toBeTruthy();
  const verified = await page.request.post(`${base}/api/auth/phone-number/verify`, {
    headers,
    data: { phoneNumber: phone, code, disableSession: true },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  await page.reload();
  await item.getByRole("button", { name: `Use WhatsApp on ${phone}` }).click();
  await expect(item).toContainText("Connected");
  await expectNoAxeViolations(page);

  await item.getByRole("button", { name: "Send a test to WhatsApp" }).click();
  await expectToast(page, /Test reminder sent to WhatsApp/);
  await expect
    .poll(() => whatsapp.messages.filter((m) => m.to === phone.slice(1)).length)
    .toBeGreaterThan(0);
  const message = whatsapp.messages.find((m) => m.to === phone.slice(1))!;
  expect(message.type).toBe("template");
  expect(message.template?.name).toBe(WHATSAPP_TEST_TEMPLATE);
  expect(JSON.stringify(message.template?.components)).toContain("Ada Lovelace");

  await item.getByRole("button", { name: "Disconnect WhatsApp" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
  await expectToast(page, "WhatsApp disconnected");
  await expect(item).toContainText("Not connected");
});
