// Debian's vdirsyncer (which .ci/run installs) syncing a local folder of .vcf files with the
// app's CardDAV server, as someone's own sync setup would: a private config per test.
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export const VDIRSYNCER = "/usr/bin/vdirsyncer";
export const KHARD = "/usr/bin/khard";

/** On CI vdirsyncer must be there (.ci/run installs it); elsewhere its tests are skipped without it. */
export const hasVdirsyncer = existsSync(VDIRSYNCER);

const run = promisify(execFile);

export type LocalBook = {
  dir: string;
  /** The folder of .vcf files vdirsyncer keeps in step with the server. */
  cards: string;
  sync(): Promise<string>;
  discover(): Promise<string>;
  /** khard's listing of the local folder: "name<TAB>phone" lines. */
  khardList(): Promise<string>;
  files(): Record<string, string>;
  write(name: string, text: string): void;
  remove(name: string): void;
  close(): void;
};

export function createLocalBook(options: {
  serverUrl: string;
  username: string;
  password: string;
}): LocalBook {
  const dir = mkdtempSync(path.join(tmpdir(), "tend-vdirsyncer-"));
  const cards = path.join(dir, "cards");
  mkdirSync(cards);
  const config = path.join(dir, "config");
  writeFileSync(
    config,
    [
      "[general]",
      `status_path = "${dir}/status/"`,
      "",
      "[pair phone]",
      'a = "local"',
      'b = "tend"',
      "collections = null",
      'conflict_resolution = "a wins"',
      "",
      "[storage local]",
      'type = "filesystem"',
      `path = "${cards}/"`,
      'fileext = ".vcf"',
      "",
      "[storage tend]",
      'type = "carddav"',
      `url = "${options.serverUrl}"`,
      `username = "${options.username}"`,
      `password = "${options.password}"`,
      "",
    ].join("\n"),
  );
  const khardConfig = path.join(dir, "khard.conf");
  writeFileSync(
    khardConfig,
    [
      "[addressbooks]",
      "[[phone]]",
      `path = ${cards}/`,
      "[general]",
      "default_action = list",
      "[contact table]",
      "display = first_name",
      "",
    ].join("\n"),
  );
  const env = { ...process.env, HOME: dir, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
  const vdirsyncer = async (...args: string[]) => {
    const { stdout, stderr } = await run(VDIRSYNCER, ["-c", config, ...args], { env });
    return `${stdout}${stderr}`;
  };
  return {
    dir,
    cards,
    sync: () => vdirsyncer("sync"),
    discover: () => vdirsyncer("discover"),
    async khardList() {
      const { stdout } = await run(KHARD, ["-c", khardConfig, "list", "--parsable"], { env });
      return stdout;
    },
    files() {
      return Object.fromEntries(
        readdirSync(cards).map((name) => [name, readFileSync(path.join(cards, name), "utf8")]),
      );
    },
    write(name, text) {
      writeFileSync(path.join(cards, name), text);
    },
    remove(name) {
      rmSync(path.join(cards, name));
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
