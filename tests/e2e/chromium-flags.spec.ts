// The browser the specs and benchmarks drive runs no hidden browser UI beside the page, and keeps
// the features Playwright itself switches off.
import { chromium, test, expect } from "@playwright/test";
import { disabledFeaturesOf, PLAYWRIGHT_DISABLED_FEATURES } from "../helpers/chromium-flags";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

test("our --disable-features keeps every feature Playwright switches off", async () => {
  // Playwright's own list, off a browser launched with nothing of ours (--enable-automation lets
  // the browser tell its command line).
  const plain = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--enable-automation"],
  });
  try {
    const cdp = await plain.newBrowserCDPSession();
    const { arguments: commandLine } = await cdp.send("Browser.getBrowserCommandLine");
    expect(disabledFeaturesOf(commandLine).sort()).toEqual(
      [...PLAYWRIGHT_DISABLED_FEATURES].sort(),
    );
  } finally {
    await plain.close();
  }
});

test("the configured browser switches off the hidden omnibox popups and runs no browser UI page", async ({
  browser,
  page,
}) => {
  await page.goto("/healthz");
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  expect(targetInfos.filter((t) => t.type === "browser_ui").map((t) => t.url)).toEqual([]);
  expect(targetInfos.some((t) => t.type === "page")).toBe(true);
});
