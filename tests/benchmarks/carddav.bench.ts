// Benchmark: phone sync against Debian's reference CardDAV server. The same 1,000 vCards go up to
// Tend and to Radicale with vdirsyncer; then, alternating between the two, a new client's full
// sync down (what a phone does when the account is added) and an incremental sync after one
// card changes. Figures are Tend's time as a ratio of Radicale's in the same round; the goal is
// ≤ 1.0 for the full sync, and the incremental one is budgeted the same. Run with
// `npm run bench -- carddav` (PGlite; `BENCH_DB=postgres` for PostgreSQL); needs vdirsyncer and
// radicale (`apt install vdirsyncer radicale`). `BENCH_PHOTOS=true` gives every card a phone's
// 96 px photo, which Tend stores as WebP and sends back as JPEG.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { createDevice } from "../helpers/dav-kit";
import { build, createUser } from "../helpers/test-app";
import { createLocalBook, VDIRSYNCER, type LocalBook } from "../helpers/vdirsyncer";
import { isPostgresUp, phoneThumbnail, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";

const RADICALE = "/usr/bin/radicale";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGETS = { full: 1, incremental: 1 };
const WITH_PHOTOS = process.env.BENCH_PHOTOS === "true";

/** A phone's contact thumbnail as a folded vCard 3.0 PHOTO line. */
async function photoLine(): Promise<string> {
  const folded = (await phoneThumbnail()).match(/.{1,74}/g)!.join("\r\n ");
  return `PHOTO;ENCODING=b;TYPE=JPEG:${folded}`;
}

function card(i: number, photo: string | null): string {
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `UID:bench-${i}`,
    `FN:First${i} Lastname${i}`,
    `N:Lastname${i};First${i};;;`,
    `EMAIL;TYPE=INTERNET,HOME:person${i}@example.com`,
    `TEL;TYPE=CELL:+44 20 7946 ${String(i).padStart(4, "0")}`,
    `ORG:Company ${i % 60}`,
    `NOTE:Met at conference ${i % 30}. Likes hiking\\, jazz and long lunches.`,
    ...(photo ? [photo] : []),
    "END:VCARD",
    "",
  ].join("\r\n");
}

async function startRadicale(): Promise<{ url: string; close: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "tend-radicale-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(
    RADICALE,
    [
      "--config",
      "",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--auth-type",
      "none",
      "--rights-type",
      "authenticated",
      "--storage-filesystem-folder",
      dir,
      "--logging-level",
      "warning",
    ],
    { stdio: "ignore" },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${base}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const book = `${base}/bench/contacts/`;
  const made = await fetch(book, {
    method: "MKCOL",
    headers: {
      authorization: `Basic ${Buffer.from("bench:bench").toString("base64")}`,
      "content-type": "application/xml",
    },
    body: `<?xml version="1.0"?><D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:resourcetype><D:collection/><C:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>`,
  });
  if (made.status !== 201) throw new Error(`Radicale's MKCOL answered ${made.status}`);
  return {
    url: book,
    close() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

type Server = { name: string; url: string; username: string; password: string };

function localBookOf(server: Server): LocalBook {
  return createLocalBook({
    serverUrl: server.url,
    username: server.username,
    password: server.password,
  });
}

/** A new client's first sync of the whole book, then one card edited and synced up. */
async function round(server: Server, edit: number) {
  const book = localBookOf(server);
  try {
    await book.discover();
    const full = await timed(() => book.sync());
    const files = book.files();
    if (Object.keys(files).length !== CONTACT_LIMIT) {
      throw new Error(`${server.name}: the full sync brought ${Object.keys(files).length} cards`);
    }
    const name = Object.keys(files).find((f) => files[f]!.includes(`UID:bench-${edit}`))!;
    book.write(name, files[name]!.replace(/NOTE:.*\r\n/, `NOTE:Edited in round ${edit}\r\n`));
    const incremental = await timed(() => book.sync());
    return { full, incremental };
  } finally {
    book.close();
  }
}

async function upload(server: Server, photo: string | null) {
  const book = localBookOf(server);
  try {
    for (let i = 0; i < CONTACT_LIMIT; i++) book.write(`bench-${i}.vcf`, card(i, photo));
    await book.discover();
    await book.sync();
  } finally {
    book.close();
  }
}

async function main(database: "pglite" | "postgres") {
  if (database === "postgres") process.env.TEST_DATABASE_URL = POSTGRES_URL;
  // The sync's own limit is for phones; the upload of 1,000 cards is one burst from here.
  const t = await build({ DAV_REQUESTS_PER_MINUTE: "100000" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const radicale = await startRadicale();
  try {
    const user = await createUser(t.app);
    const device = await createDevice(t.app, user);
    const { port } = t.app.server.address() as AddressInfo;
    const tend: Server = {
      name: "Tend",
      url: `http://127.0.0.1:${port}/dav/addressbooks/contacts/`,
      username: device.username,
      password: device.password,
    };
    const reference: Server = {
      name: "Radicale",
      url: radicale.url,
      username: "bench",
      password: "bench",
    };
    const photo = WITH_PHOTOS ? await photoLine() : null;
    await upload(tend, photo);
    await upload(reference, photo);
    await round(tend, 0); // warm-up: code paths compiled, caches filled
    await round(reference, 0);
    const runs: { tend: Awaited<ReturnType<typeof round>>; radicale: (typeof runs)[0]["tend"] }[] =
      [];
    for (let i = 1; i <= ROUNDS; i++) {
      runs.push({ tend: await round(tend, i), radicale: await round(reference, i) });
    }
    const median = (values: number[]) => summarise(values).median;
    const figure = (key: "full" | "incremental") => {
      const ours = median(runs.map((r) => r.tend[key]));
      const theirs = median(runs.map((r) => r.radicale[key]));
      return { ours, theirs, ratio: ours / theirs };
    };
    const full = figure("full");
    const incremental = figure("incremental");
    const isWithin = full.ratio <= BUDGETS.full && incremental.ratio <= BUDGETS.incremental;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${isWithin ? "✓" : "✗"} carddav (${database}${WITH_PHOTOS ? ", a photo on every card" : ""}): a full vdirsyncer sync of ${CONTACT_LIMIT} cards ${ms(full.ours)}, ${full.ratio.toFixed(2)}× Radicale (${ms(full.theirs)}; budget ≤ ${BUDGETS.full}×); after one change ${ms(incremental.ours)}, ${incremental.ratio.toFixed(2)}× (${ms(incremental.theirs)}; budget ≤ ${BUDGETS.incremental}×); median of ${ROUNDS}`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    radicale.close();
    await t.close();
  }
}

const database = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
if (!existsSync(VDIRSYNCER) || !existsSync(RADICALE)) {
  reportMissing(
    "carddav",
    "vdirsyncer or radicale not installed (apt install vdirsyncer radicale)",
  );
} else if (database === "postgres" && !(await isPostgresUp())) {
  reportMissing("carddav", `PostgreSQL not reachable at ${POSTGRES_URL}`);
} else {
  await main(database);
}
