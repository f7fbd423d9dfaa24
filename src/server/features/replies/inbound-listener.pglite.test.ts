// The server process starts the inbound SMTP listener with its background work when
// INBOUND_SMTP_PORT is set, refuses a stranger's recipient there, and stops it on SIGTERM.
import net from "node:net";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import {
  freePort,
  startAppProcess,
  stopAppProcess,
  type AppProcess,
} from "../../../../tests/helpers/app-process";

async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the inbound listener in the server process", () => {
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app) await stopAppProcess(app);
  });

  it("listens with the background work, refuses unknown recipients, and closes on SIGTERM", async () => {
    const smtpPort = await freePort();
    app = await startAppProcess({
      SCHEDULER_ENABLED: "true",
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_DOMAIN: "inbound.tend.test",
    });
    expect(await isListening(smtpPort)).toBe(true);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await expect(
      transport.sendMail({
        from: "someone@example.com",
        to: "reply+aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@inbound.tend.test",
        text: "hello",
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    transport.close();
    await stopAppProcess(app);
    app = undefined;
    expect(await isListening(smtpPort)).toBe(false);
  }, 120_000);
});
