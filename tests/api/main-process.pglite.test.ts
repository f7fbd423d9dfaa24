import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
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

// The real entry point: boots on its own embedded database, refuses bad config with a message
// naming the variable, and stops cleanly on SIGTERM.
describe("server process", () => {
  it("refuses to start with an invalid variable and names it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        PORT: "not-a-port",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "tend-bad-")),
      },
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("PORT:");
  });

  it("serves, then closes gracefully on SIGTERM", async () => {
    const port = 4500 + (process.pid % 400);
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "tend-proc-")),
        LOG_LEVEL: "silent",
        DATABASE_URL: "",
        WEB_DIST_DIR: "/nonexistent",
      },
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await waitForHealth(`http://127.0.0.1:${port}/readyz`, 30_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
    child.kill("SIGTERM");
    // Exit code 0 only comes after app.close() resolved: requests drained, database closed.
    expect(await exited).toBe(0);
  });
});
