// Benchmark: from sign-in to the contact list, and the first paint of a signed-in page, in
// Chromium with 1,000 contacts (issue 14 item 8, issue 15 item 4, decision 131). Measures, median
// and worst of ROUNDS fresh browser contexts:
// - sign-in: from the Sign In click until the first contact row is on screen (budget 1 s);
// - reload of /app/contacts: until the header and skeleton (or the rows) are on screen, and
//   until the rows are;
// and prints the order the requests left in, so a waterfall shows. Needs a built web app
// (BENCH_WEB_DIST, default dist/web) and Chromium; uses BENCH_PORT (default 4301).
import { existsSync } from "node:fs";
import path from "node:path";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { percentile, reportMissing, startBrowserBenchServer } from "./bench-kit";
import { PLAYWRIGHT_DISABLE_FEATURES_FLAG } from "../helpers/chromium-flags";

const DIST = process.env.BENCH_WEB_DIST ?? "dist/web";
const PORT = process.env.BENCH_PORT ?? "4301";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SIGN_IN_BUDGET_MS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const missing = [
  existsSync(path.join(DIST, "index.html"))
    ? null
    : `no built app in ${DIST} (run \`npm run build\` or set BENCH_WEB_DIST)`,
  existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`,
].filter((m) => m !== null);
if (missing.length > 0) {
  reportMissing("app-start", missing.join("; "));
  process.exit();
}
const server = startBrowserBenchServer({ port: PORT, dist: DIST });
const { base } = server;

function describe(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(0)} ms, worst ${sorted.at(-1)?.toFixed(0)} ms`;
}

try {
  await server.ready();
  const { chromium } = await import("playwright-core");
  const { createUser } = await import("../e2e/fixtures");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      PLAYWRIGHT_DISABLE_FEATURES_FLAG,
    ],
  });
  const setup = await browser.newContext({ baseURL: base });
  const setupPage = await setup.newPage();
  const user = await createUser(setupPage);
  const headers = { origin: base };
  for (let i = 0; i < CONTACT_LIMIT; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        setupPage.request.post("/api/contacts", {
          headers,
          data: {
            firstName: `First${i + k}`,
            lastName: `Lastname${i + k}`,
            company: `Company ${(i + k) % 60}`,
            rhythm: { interval: 1 + ((i + k) % 4), unit: "week" },
            preferredMethod: "email",
          },
        }),
      ),
    );
  }
  const storageState = await setup.storageState();
  await setup.close();

  const signIn: number[] = [];
  const shell: number[] = [];
  const rows: number[] = [];
  let waterfall: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Sign-in, in a context with the app's code cached (the /auth page was just opened).
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    const started = Date.now();
    const requests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".js"))
        requests.push(`${Date.now() - started} ms ${request.method()} ${url.pathname}`);
    });
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("contact-row").first().waitFor();
    signIn.push(Date.now() - started);
    if (round === 0) waterfall = requests.filter((r) => !r.includes("/api/avatars/"));
    await context.close();

    // A reload of the contact list, signed in, with an empty cache.
    const signedIn = await browser.newContext({ baseURL: base, storageState });
    const listPage = await signedIn.newPage();
    const loaded = Date.now();
    const painted = listPage
      .locator("header")
      .first()
      .waitFor()
      .then(() => Date.now() - loaded);
    await listPage.goto("/app/contacts", { waitUntil: "commit" });
    await listPage.getByTestId("contact-row").first().waitFor();
    rows.push(Date.now() - loaded);
    shell.push(await painted);
    await signedIn.close();
  }
  await browser.close();

  console.log(`requests after the Sign In click (first round):\n  ${waterfall.join("\n  ")}`);
  console.log(`sign-in to the first contact row (${CONTACT_LIMIT} contacts): ${describe(signIn)}`);
  console.log(`/app/contacts, signed in, empty cache: header on screen ${describe(shell)}`);
  console.log(`/app/contacts, signed in, empty cache: first row on screen ${describe(rows)}`);
  const median = percentile(
    [...signIn].sort((a, b) => a - b),
    50,
  );
  console.log(
    `sign-in budget ${SIGN_IN_BUDGET_MS} ms: ${median <= SIGN_IN_BUDGET_MS ? "within" : "OVER"}`,
  );
  process.exitCode = median <= SIGN_IN_BUDGET_MS ? 0 : 1;
} finally {
  server.stop();
}
