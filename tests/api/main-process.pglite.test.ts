import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commaHeaderCsv } from "../fixtures/import/hostile-files";

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`server did not come up at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Resolves once the port refuses new connections: the server has begun closing.
async function waitUntilRefused(port: number): Promise<void> {
  for (;;) {
    const isRefused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (isRefused) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A POST whose body is held back: the request is in flight (the server answered "100 Continue")
// until finish() sends the rest. Resolves the response's raw text when the server ends it.
async function startHeldRequest(port: number) {
  const body = JSON.stringify({ email: `held-${process.pid}@example.com` });
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  const ended = new Promise<string>((resolve) => {
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("close", () => resolve(received));
  });
  socket.write(
    [
      "POST /api/leads HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
      "Expect: 100-continue",
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  while (!received.startsWith("HTTP/1.1 100 Continue")) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return { finish: () => socket.write(body), response: ended };
}

// `viaTsxCli` starts it as `npm start` does (the tsx CLI) instead of `node --import tsx`.
function startServer(env: Record<string, string>, portOffset = 0, viaTsxCli = false) {
  const port = 4500 + (process.pid % 400) + portOffset;
  const dataDir = mkdtempSync(path.join(tmpdir(), "tend-proc-"));
  const [command, args] = viaTsxCli
    ? [path.resolve("node_modules/.bin/tsx"), ["src/server/main.ts"]]
    : [process.execPath, ["--import", "tsx", "src/server/main.ts"]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      DATABASE_URL: "",
      WEB_DIST_DIR: "/nonexistent",
      ...env,
    },
  });
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, port, exited, stdout: () => stdout };
}

// The real entry point: boots on its own embedded database, refuses bad config with a message
// naming the variable, and stops cleanly on SIGTERM.
describe("server process", () => {
  it("refuses to start with an invalid variable and names it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tend-bad-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: dataDir },
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain("PORT:");
  });

  it("on SIGTERM stops accepting, finishes the request in flight, then exits 0", async () => {
    const server = startServer({});
    await waitForHealth(`http://127.0.0.1:${server.port}/readyz`, 80_000);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/config`)).status).toBe(200);

    const held = await startHeldRequest(server.port);
    server.child.kill("SIGTERM");
    await waitUntilRefused(server.port);
    held.finish();
    expect(await held.response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    // Exit code 0 only comes after app.close() resolved: requests drained, database closed.
    expect(await server.exited).toBe(0);
    // A first start creates the embedded database (initdb and every migration), which takes tens
    // of seconds on a loaded machine.
  }, 90_000);

  it("exits 1 with a log line when a request hangs past SHUTDOWN_TIMEOUT_SECONDS", async () => {
    const server = startServer({ SHUTDOWN_TIMEOUT_SECONDS: "1", LOG_LEVEL: "error" }, 1);
    await waitForHealth(`http://127.0.0.1:${server.port}/readyz`, 80_000);
    const held = await startHeldRequest(server.port);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(1);
    expect(server.stdout()).toContain("still closing after 1 s");
    await held.response;
  }, 90_000);
});

// Started as `npm start` starts it and listening beyond loopback: it warns about the dev mailbox,
// still serves the mailbox to this machine, and reads imports in worker threads that load our
// TypeScript through the tsx CLI's hooks (Vitest's own runs cover the other path).
describe("server under the tsx CLI, listening on 0.0.0.0", () => {
  let server: ReturnType<typeof startServer>;
  let base = "";
  let appUrl = "";
  let cookie = "";

  beforeAll(async () => {
    server = startServer(
      {
        HOST: "0.0.0.0",
        LOG_LEVEL: "warn",
        BILLING_PROVIDER: "off",
        RATE_LIMIT_ENABLED: "false",
        SCHEDULER_ENABLED: "false",
        SMTP_URL: "",
        APP_URL: "",
      },
      2,
      true,
    );
    base = `http://127.0.0.1:${server.port}`;
    appUrl = `http://localhost:${server.port}`;
    await waitForHealth(`${base}/readyz`, 60_000);
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
    server.child.kill("SIGTERM");
    await server.exited;
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
    expect(server.stdout()).toContain("Listening on 0.0.0.0 outside production");
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
