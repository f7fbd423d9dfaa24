// The server's VAPID identity for Web Push (RFC 8292): the operator's keys when set, otherwise a
// pair generated once into DATA_DIR and read back on every start, so browsers' subscriptions
// (made with the public key) keep working across restarts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";
import type { Env } from "../../env";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_FILE = ".vapid-keys.json";
const cache = new Map<string, VapidKeys>();

export function vapidSubject(env: Pick<Env, "VAPID_SUBJECT" | "APP_URL" | "SUPPORT_EMAIL">) {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  // Apple's push service refuses a localhost subject: a mail address works everywhere.
  const app = new URL(env.APP_URL);
  return app.protocol === "https:" && app.hostname !== "localhost"
    ? env.APP_URL
    : `mailto:${env.SUPPORT_EMAIL}`;
}

function readOrCreateKeyPair(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as {
      publicKey: string;
      privateKey: string;
    };
    if (saved.publicKey && saved.privateKey) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const pair = webPush.generateVAPIDKeys();
  // wx: two processes starting at once keep the first pair written.
  try {
    writeFileSync(file, JSON.stringify(pair), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  }
  return pair;
}

export function getVapidKeys(env: Env): VapidKeys {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const dir = path.resolve(env.DATA_DIR);
  let pair = cache.get(dir);
  if (!pair) {
    pair = { ...readOrCreateKeyPair(dir), subject };
    cache.set(dir, pair);
  }
  return { ...pair, subject };
}

/** The keys, or null when they cannot be had (an unwritable DATA_DIR): push is then off. */
export function findVapidKeys(env: Env): VapidKeys | null {
  try {
    return getVapidKeys(env);
  } catch {
    return null;
  }
}
