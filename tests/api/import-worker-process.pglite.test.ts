// The real server started the way `npm start` starts it (the tsx CLI), listening beyond
// loopback: it warns about the dev mailbox, still serves the mailbox to this machine, and reads
// imports in worker threads that load our TypeScript (Vitest's own runs cover the other path).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commaHeaderCsv } from "../fixtures/import/hostile-files";

const port = 4500 + (process.pid % 400) + 5;
const base = `http://127.0.0.1:${port}`;
const appUrl = `http://localhost:${port}`;

describe("server under the tsx CLI, listening on 0.0.0.0", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tend-worker-"));
  let output = "";
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BILLING_PROVIDER: "off",
      RATE_LIMIT_ENABLED: "false",
      SCHEDULER_ENABLED: "false",
      DATABASE_URL: "",
      SMTP_URL: "",
      APP_URL: "",
      WEB_DIST_DIR: "/nonexistent",
    },
  });
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  let cookie = "";

  beforeAll(async () => {
    for (let i = 0; ; i++) {
      const ready = await fetch(`${base}/readyz`).catch(() => null);
      if (ready?.ok) break;
      if (i > 300) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const email = `worker-${process.pid}@example.com`;
    const json = { "content-type": "application/json", origin: appUrl };
    const body = JSON.stringify({ email, password: "correct-horse-1", name: "W" });
    expect(
      (await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: json, body }))
        .status,
    ).toBe(200);
    await fetch(`${base}/api/auth/send-verification-email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email }),
    });
    const { mails } = (await (await fetch(`${base}/api/dev/mailbox?to=${email}`)).json()) as {
      mails: { text: string }[];
    };
    const link = new URL(mails[0]!.text.match(/https?:\/\/\S+verify-email\?\S+/)![0]);
    const verify = await fetch(
      `${base}/api/auth/verify-email?token=${link.searchParams.get("token")}`,
      {
        redirect: "manual",
      },
    );
    cookie = verify.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
  }, 90_000);

  afterAll(async () => {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function preview(content: string | Uint8Array<ArrayBuffer>) {
    const form = new FormData();
    form.append("file", new Blob([content], { type: "text/csv" }), "contacts.csv");
    return fetch(`${base}/api/imports/preview`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: appUrl },
    });
  }

  it("warns at start that it listens beyond loopback outside production", () => {
    expect(output).toContain("Listening on 0.0.0.0 outside production");
  });

  it("previews an import read in a worker thread, and refuses the comma header with 422", async () => {
    const google = new Uint8Array(readFileSync("tests/fixtures/import/google-contacts.csv"));
    const ok = await preview(google);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ source: "google", summary: { total: 6 } });
    const hostile = await preview(commaHeaderCsv());
    expect(hostile.status).toBe(422);
    expect(((await hostile.json()) as { error: { message: string } }).error.message).toMatch(
      /^This file has 5,000,001 columns/,
    );
  });
});
