// A populated installation for the backup, restore and move tests: a real app
// process's data (users, contacts, history, settings, an uploaded file) written through the API,
// and what a user sees of it afterwards, to compare before and after.
import { spawn } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { makePng } from "./images-kit";
import { multipart } from "./import-test-kit";
import { saveSchedule } from "./reminders-kit";
import { createUser, injectAs, TEST_APP_URL, type TestUser } from "./test-app";

/** The installation's environment: no AUTH_SECRET, so it runs on the generated one in DATA_DIR. */
export function installationEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    RATE_LIMIT_ENABLED: "false",
    SCHEDULER_ENABLED: "false",
    LOG_LEVEL: "silent",
    BILLING_PROVIDER: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** The app as `npm start` builds it: it opens (and migrates) the database itself. */
export async function openInstallation(vars: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ env: parseEnv(vars), serveWeb: false, logger: false });
  await app.ready();
  return app;
}

export type Populated = { users: TestUser[]; fileUrl: string; file: Buffer };

export async function populate(app: FastifyInstance): Promise<Populated> {
  const users = [await createUser(app), await createUser(app)];
  for (const [i, user] of users.entries()) {
    for (const name of ["Ada", "Grace", "Katherine"]) {
      const contact = await injectAs(app, user, {
        method: "POST",
        url: "/api/contacts",
        payload: {
          firstName: `${name}${i}`,
          lastName: "Test",
          emails: [{ value: `${name.toLowerCase()}${i}@example.com` }],
          tags: ["friends"],
          rhythm: { interval: 2, unit: "week" },
        },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      const logged = await injectAs(app, user, {
        method: "POST",
        url: `/api/contacts/${contact.json<{ id: string }>().id}/interactions`,
        payload: { type: "call", notes: `Talked with ${name}`, occurredOn: "2026-11-01" },
      });
      expect(logged.statusCode, logged.body).toBe(201);
    }
    await saveSchedule(app, user, { reminderTime: String(8 + i), timezone: "Europe/Lisbon" });
  }
  const body = await multipart({ name: "me.png", content: await makePng(), type: "image/png" });
  const upload = await injectAs(app, users[0]!, {
    method: "POST",
    url: "/api/profile/avatar/upload",
    ...body,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const fileUrl = upload.json<{ url: string }>().url;
  const file = await injectAs(app, users[0]!, { url: fileUrl });
  expect(file.statusCode).toBe(200);
  return { users, fileUrl, file: file.rawPayload };
}

/** Everything a user can read of their account: the full export, settings and their file. */
export async function readAccounts(app: FastifyInstance, populated: Populated) {
  const seen = [];
  for (const user of populated.users) {
    const exported = await injectAs(app, user, { url: "/api/exports/account.json" });
    expect(exported.statusCode, exported.body).toBe(200);
    const { exportedAt: _, ...data } = exported.json<Record<string, unknown>>();
    const settings = await injectAs(app, user, { url: "/api/settings/reminders" });
    seen.push({ data, settings: settings.json<unknown>() });
  }
  const file = await injectAs(app, populated.users[0]!, { url: populated.fileUrl });
  return { seen, fileStatus: file.statusCode, file: file.rawPayload };
}

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs an operator command (`npm run <script> -- …`) as a real process. */
export function runScript(
  script: string,
  args: string[],
  vars: Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, ...vars };
    delete env.AUTH_SECRET;
    if (!vars.DATABASE_URL) delete env.DATABASE_URL;
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
