// /app/onboarding (spec 01 §4–5): the three steps, their messages, the +1 text rule,
// initialStep, and completion landing on /app/contacts?fromOnboarding=true.
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, expectNoAxeViolations, expectToast, test } from "./fixtures";

test.use({ timezoneId: "America/New_York" });

type OnboardingState = {
  onboardingCompleted: boolean;
  firstName: string;
  reminderMethod: string;
  reminderTime: string;
  timezone: string;
  phoneNumber: string | null;
};

async function readOnboarding(page: Page): Promise<OnboardingState> {
  const res = await page.request.get("/api/onboarding");
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as OnboardingState;
}

async function fillNames(page: Page) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
}

const nextButton = (page: Page) => page.getByRole("button", { name: "Next" });
const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

test("validates each step with the spec's messages; back and next keep what was typed", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  await page.goto("/app/onboarding");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tend" })).toBeVisible();
  await expect(
    page.getByText("Let's set up your profile and preferences to get started."),
  ).toBeVisible();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expectNoAxeViolations(page);

  await nextButton(page).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await page.getByLabel("First name").fill("   ");
  await page.getByLabel("Last name").fill("Lovelace");
  await nextButton(page).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeHidden();

  // Keyboard: Enter moves on, focus lands on the new step's heading.
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("First name").press("Enter");
  await expect(stepHeading(page, "Reminder preferences")).toBeFocused();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();

  // Defaults: every 1 day at 9 AM by email, in the browser's time zone.
  await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(page.getByLabel("Frequency")).toHaveValue("1");
  await expect(page.getByLabel("How often")).toHaveValue("days");
  await expect(page.getByLabel("Reminder time")).toHaveValue("9");
  await expect(page.getByLabel("Reminder time").locator("option")).toHaveCount(24);
  await expect(page.getByLabel("Reminder time").locator("option").first()).toHaveText("12:00 AM");
  await expect(page.getByLabel("Reminder time").locator("option").last()).toHaveText("11:00 PM");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New York");
  await expectNoAxeViolations(page);

  for (const value of ["", "0"]) {
    await page.getByLabel("Frequency").fill(value);
    await nextButton(page).click();
    await expect(page.getByText("Frequency must be at least 1")).toBeVisible();
  }
  await page.getByLabel("Frequency").fill("2");
  await page.getByLabel("How often").selectOption("weeks");

  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, "What's your name?")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await nextButton(page).click();
  await expect(page.getByLabel("Frequency")).toHaveValue("2");
  await expect(page.getByLabel("How often")).toHaveValue("weeks");

  await nextButton(page).click();
  await expect(stepHeading(page, "Your phone number")).toBeVisible();
  const countryCode = page.getByLabel("Country code");
  await expect(countryCode.locator("option")).toHaveCount(1);
  await expect(countryCode.locator("option")).toContainText("+1");
  await page.getByLabel("Phone number").fill("(415) 555-01x");
  await expect(page.getByLabel("Phone number")).toHaveValue("41555501");
  await page.getByLabel("Phone number").fill("123456789012345");
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await readOnboarding(page)).onboardingCompleted).toBe(false);
});

test("initialStep opens the step asked for, when it is a number of at least 1", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  // Inside /app the system's dark preference applies: check contrast there too.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/app/onboarding?initialStep=2");
  await expect(stepHeading(page, "Reminder preferences")).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await page.goto("/app/onboarding?initialStep=3");
  await expect(stepHeading(page, "Your phone number")).toBeVisible();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  for (const bad of ["0", "-1", "two"]) {
    await page.goto(`/app/onboarding?initialStep=${bad}`);
    await expect(stepHeading(page, "What's your name?")).toBeVisible();
  }
  // Names are still required when the form was opened further on.
  await page.goto("/app/onboarding?initialStep=3");
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(stepHeading(page, "What's your name?")).toBeVisible();
});

test("completing with a +1 number saves everything, sends the SMS code and lands on contacts", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  await page.goto("/app/onboarding?from=verification&initialStep=1&disableAutoAdvance=1");
  await fillNames(page);
  await nextButton(page).click();
  await page.getByRole("radio", { name: "Text message" }).check();
  await page.getByLabel("Reminder time").selectOption({ label: "6:00 PM" });
  await nextButton(page).click();
  await page.getByLabel("Phone number").fill("4155550134");

  const landed = page.waitForURL(`${BASE_URL}/app/contacts?fromOnboarding=true`);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await landed;
  await expectToast(page, "SMS Verification Sent");

  const state = await readOnboarding(page);
  expect(state).toMatchObject({
    onboardingCompleted: true,
    firstName: "Ada",
    reminderMethod: "text",
    reminderTime: "18",
    timezone: "America/New_York",
    phoneNumber: "+14155550134",
  });
  const outbox = await page.request.get(
    `/api/dev/mailbox?to=${encodeURIComponent("+14155550134")}`,
  );
  const { texts } = (await outbox.json()) as { texts: { kind: string; body: string }[] };
  expect(texts.map((t) => t.kind)).toContain("phone-otp");

  // The toast leads to where the code is entered, over the tour: Settings, at the code field.
  await expect(page.locator(".driver-popover")).toBeVisible();
  await page.locator("[data-sonner-toast]").getByRole("button", { name: "Enter code" }).click();
  await expect(page).toHaveURL(/\/app\/settings#verify-phone$/);
  const codeField = page.getByLabel("Verification code");
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAccessibleDescription(
    "Sent to +14155550134. Not your number? Change it below.",
  );
  const code = /(\d{6}) is your Tend verification code\./.exec(texts[0]?.body ?? "")?.[1];
  await codeField.fill(code!);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expectToast(page, "Phone verified");
});

test("a number typed with another country code is kept as typed and refused in words", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  await page.goto("/app/onboarding");
  await fillNames(page);
  await nextButton(page).click();
  await nextButton(page).click();
  const phone = page.getByLabel("Phone number");
  await phone.fill("+44 7700 900123");
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(
    page.getByText(
      "Only United States and Canada (+1) numbers can be added for now. Enter a +1 number, or leave it empty.",
    ),
  ).toBeVisible();
  // Nothing was rewritten to +1 and nothing was saved or texted.
  await expect(phone).toHaveValue("+447700900123");
  expect(await readOnboarding(page)).toMatchObject({
    onboardingCompleted: false,
    phoneNumber: null,
  });
});

test("skipping the phone completes onboarding without one", async ({ page }) => {
  await createUser(page, { onboarded: false });
  await page.goto("/app/onboarding");
  await fillNames(page);
  await nextButton(page).click();
  await nextButton(page).click();
  await page.getByLabel("Phone number").fill("12");
  const landed = page.waitForURL(`${BASE_URL}/app/contacts?fromOnboarding=true`);
  await page.getByRole("button", { name: "Skip for now" }).click();
  // The toast shows before the subscription check and the move to contacts, and leaves after
  // 3 s: on a busy machine those can take longer than that.
  await expectToast(page, "Onboarding Complete");
  await landed;
  expect(await readOnboarding(page)).toMatchObject({
    onboardingCompleted: true,
    reminderMethod: "email",
    phoneNumber: null,
  });
});

test("text reminders are refused for a saved number outside +1", async ({ page }) => {
  await createUser(page, { onboarded: false });
  const saved = await page.request.patch("/api/me", {
    headers: { origin: BASE_URL },
    data: { phoneNumber: "+447700900123" },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await page.goto("/app/onboarding?initialStep=2");
  await expect(page.getByRole("radio", { name: "Text message" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(
    page.getByText("Text messages are available for US and Canada (+1) numbers only"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await fillNames(page);
  await nextButton(page).click();
  await nextButton(page).click();
  await expect(page.getByText("Your saved number +447700900123 stays")).toBeVisible();
  const landed = page.waitForURL(`${BASE_URL}/app/contacts?fromOnboarding=true`);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await landed;
  expect(await readOnboarding(page)).toMatchObject({
    reminderMethod: "email",
    phoneNumber: "+447700900123",
  });
});

test("returning from a sign-on link moves past a step that is already filled in", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  const named = await page.request.patch("/api/me", {
    headers: { origin: BASE_URL },
    data: { firstName: "Ada", lastName: "Lovelace" },
  });
  expect(named.ok(), await named.text()).toBeTruthy();
  await page.goto("/app/onboarding?ssoprovider=google");
  await expect(stepHeading(page, "Reminder preferences")).toBeVisible();
  await page.goto("/app/onboarding?ssoprovider=google&disableAutoAdvance=1");
  await expect(stepHeading(page, "What's your name?")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await page.goto("/app/onboarding?from=verification");
  await expect(stepHeading(page, "What's your name?")).toBeVisible();
});
