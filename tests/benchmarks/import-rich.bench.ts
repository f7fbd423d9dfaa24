// Benchmark: importing what people carry, end to end through POST /api/imports (upload, parse in
// the worker pool, plan, geocode, photos, one transaction): a 1,000-row Google CSV with two
// labelled addresses a row (every city placed by the gazetteer), phones with kinds and
// extensions and Google's photo link (never fetched), and a 1,000-card vCard with a phone's
// thumbnail photo on every card (each checked, re-encoded and stored). The baseline, in the
// same run: a plain 1,000-row Google CSV (name, email, phone). Each file goes into a new account,
// the three alternating round by round. Budget: each median ≤ its ratio below the plain one's.
// Run with `npm run bench -- import-rich`.
import { performance } from "node:perf_hooks";
import { build, createUser, type TestApp } from "../helpers/test-app";
import { upload } from "../helpers/import-test-kit";
import { phoneThumbnail, summarise } from "./bench-kit";

const ROWS = 1_000;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = { addresses: 3, photos: 15 };

const CITIES = [
  ["Arlington", "VA", "United States"],
  ["Cologne", "", "Germany"],
  ["Gothenburg", "", "Sweden"],
  ["København", "", "Denmark"],
  ["New York", "NY", "United States"],
  ["Lyon", "", "France"],
  ["Toronto", "ON", "Canada"],
  ["Mumbai", "", "India"],
] as const;

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
const csvLine = (cells: string[]) => cells.map(csvCell).join(",");

function plainCsv(): string {
  const lines = [csvLine(["First Name", "Last Name", "E-mail 1 - Value", "Phone 1 - Value"])];
  for (let i = 0; i < ROWS; i++) {
    lines.push(csvLine([`Person${i}`, "Plain", `plain${i}@example.com`, `+1 202 555 ${1000 + i}`]));
  }
  return lines.join("\r\n") + "\r\n";
}

function addressesCsv(): string {
  const address = (n: number) =>
    ["Label", "Street", "Extended Address", "City", "Region", "Postal Code", "Country"].map(
      (part) => `Address ${n} - ${part}`,
    );
  const lines = [
    csvLine([
      "First Name",
      "Last Name",
      "Photo",
      "E-mail 1 - Value",
      "Phone 1 - Label",
      "Phone 1 - Value",
      "Phone 2 - Label",
      "Phone 2 - Value",
      ...address(1),
      ...address(2),
    ]),
  ];
  for (let i = 0; i < ROWS; i++) {
    const [city, region, country] = CITIES[i % CITIES.length]!;
    const [workCity, workRegion, workCountry] = CITIES[(i + 3) % CITIES.length]!;
    lines.push(
      csvLine([
        `Person${i}`,
        "Carried",
        `https://lh3.googleusercontent.com/contacts/photo-${i}`,
        `carried${i}@example.com`,
        "Mobile",
        `+1 202 555 ${1000 + i}`,
        "Work Fax",
        `+1 202 556 ${1000 + i} ext. ${i % 90}`,
        "Home",
        `${i} Main Street`,
        `Apt ${i % 12}`,
        city,
        region,
        `${10000 + i}`,
        country,
        "Work",
        `${i} Office Park`,
        "",
        workCity,
        workRegion,
        `${20000 + i}`,
        workCountry,
      ]),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

function photoCards(photo: string): string {
  const folded = photo.match(/.{1,74}/g)!.join("\r\n ");
  const cards: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    cards.push(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        `FN:Person${i} Pictured`,
        `N:Pictured;Person${i};;;`,
        `EMAIL;TYPE=HOME:pictured${i}@example.com`,
        `TEL;TYPE=CELL,VOICE:+1 202 555 ${1000 + i}`,
        `PHOTO;ENCODING=b;TYPE=JPEG:${folded}`,
        "END:VCARD",
      ].join("\r\n"),
    );
  }
  return cards.join("\r\n") + "\r\n";
}

type File = { name: string; content: string; type: string };

async function timeImport(t: TestApp, file: File): Promise<number> {
  const user = await createUser(t.app);
  const started = performance.now();
  const res = await upload(t.app, user, "/api/imports", file);
  const ms = performance.now() - started;
  const created = res.json<{ import?: { createdCount: number } }>().import?.createdCount;
  if (res.statusCode !== 201 || created !== ROWS)
    throw new Error(`${file.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return ms;
}

async function main() {
  const t = await build();
  try {
    const files = {
      plain: { name: "plain.csv", content: plainCsv(), type: "text/csv" },
      addresses: { name: "google.csv", content: addressesCsv(), type: "text/csv" },
      photos: {
        name: "phone.vcf",
        content: photoCards(await phoneThumbnail()),
        type: "text/vcard",
      },
    };
    for (const [name, file] of Object.entries(files))
      console.log(`  ${name}: ${(file.content.length / 1024 / 1024).toFixed(2)} MB`);
    // One import of each first: the gazetteer, the worker pool and sharp load once per process.
    for (const file of Object.values(files)) await timeImport(t, file);
    const times = { plain: [] as number[], addresses: [] as number[], photos: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of ["plain", "addresses", "photos"] as const)
        times[key].push(await timeImport(t, files[key]));
    }
    const plain = summarise(times.plain).median;
    let isOver = false;
    for (const key of ["addresses", "photos"] as const) {
      const median = summarise(times[key]).median;
      const ratio = median / plain;
      isOver ||= ratio > BUDGET[key];
      console.log(
        `${ratio <= BUDGET[key] ? "✓" : "✗"} import of 1,000 with ${key}: median ${median.toFixed(0)} ms, ${ratio.toFixed(2)}× the plain 1,000-row import's ${plain.toFixed(0)} ms (budget ≤ ${BUDGET[key]}×; ${ROUNDS} rounds)`,
      );
    }
    if (isOver) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
