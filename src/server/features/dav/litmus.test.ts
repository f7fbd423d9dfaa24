// The litmus WebDAV suite (Debian's litmus, which .ci/run installs) against the address book.
// Every litmus suite starts by making a scratch folder inside the collection and then puts
// arbitrary files, copies, moves and locks in it: a general file server's work. An address book
// holds only contact cards (RFC 6352 §5.2), so the server refuses the folder as RFC 4918 §9.3.1
// asks (403) and litmus stops there; what applies to an address book is proven by vdirsyncer,
// khard and the CardDAV API tests. This test reports each suite's result and holds the refusal.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevice } from "../../../../tests/helpers/dav-kit";
import { build, createUser, type TestApp } from "../../../../tests/helpers/test-app";

const LITMUS = "/usr/bin/litmus";
const inCI = process.env.CI === "true";
const run = promisify(execFile);

describe.skipIf(!existsSync(LITMUS) && !inCI)("litmus", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("connects to every suite, and is refused a folder inside the address book with 403", async () => {
    const user = await createUser(t.app);
    const device = await createDevice(t.app, user);
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/dav/addressbooks/contacts/`;
    // litmus exits non-zero when a test fails, as its scratch folder does here.
    const output = await run(LITMUS, ["--keep-going", url, device.username, device.password], {
      timeout: 60_000,
    }).then(
      (done) => done.stdout + done.stderr,
      (failed: { stdout?: string; stderr?: string }) => `${failed.stdout}${failed.stderr}`,
    );
    const summaries = [...output.matchAll(/<- summary for `(\w+)': (.*)/g)].map((m) => [
      m[1],
      m[2],
    ]);
    console.log(`litmus against ${url}:\n${summaries.map((s) => s.join(": ")).join("\n")}`);
    expect(summaries.map(([suite]) => suite)).toEqual([
      "basic",
      "copymove",
      "props",
      "locks",
      "http",
    ]);
    // Each suite signs in and reaches the book (its init test) before its scratch folder.
    expect(output.match(/ 0\. init\.+ pass/g)).toHaveLength(5);
    expect(output.match(/Could not create new collection .*: 403 Forbidden/g)).toHaveLength(5);
  }, 90_000);
});
