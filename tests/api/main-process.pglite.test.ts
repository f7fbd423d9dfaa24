import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

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

function startServer(env: Record<string, string>, portOffset = 0) {
  const port = 4500 + (process.pid % 400) + portOffset;
  const dataDir = mkdtempSync(path.join(tmpdir(), "tend-proc-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
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
    await waitForHealth(`http://127.0.0.1:${server.port}/readyz`, 30_000);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/config`)).status).toBe(200);

    const held = await startHeldRequest(server.port);
    server.child.kill("SIGTERM");
    await waitUntilRefused(server.port);
    held.finish();
    expect(await held.response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    // Exit code 0 only comes after app.close() resolved: requests drained, database closed.
    expect(await server.exited).toBe(0);
  });

  it("exits 1 with a log line when a request hangs past SHUTDOWN_TIMEOUT_SECONDS", async () => {
    const server = startServer({ SHUTDOWN_TIMEOUT_SECONDS: "1", LOG_LEVEL: "error" }, 1);
    await waitForHealth(`http://127.0.0.1:${server.port}/readyz`, 30_000);
    const held = await startHeldRequest(server.port);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(1);
    expect(server.stdout()).toContain("still closing after 1 s");
    await held.response;
  });
});
