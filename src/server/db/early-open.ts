// The embedded database's thread started before the app's modules load (decision 186): PGlite's
// start (~1 s of CPU) then runs on the second core while the main thread loads the app, instead
// of after it. openDatabase takes the thread if it is for the same directory; a thread for
// another directory is closed first, so one data directory is never open twice.
import { mkdirSync } from "node:fs";
import { openPgliteThread, type OpenOptions, type PgliteBridge } from "./pglite-bridge";

export const DEFAULT_DATA_DIR = "./data";

let early: { dataDir: string; bridge: Promise<PgliteBridge> } | undefined;

/** Where PGlite keeps its files inside DATA_DIR (`memory://` stays as it is). */
export function pgliteOpenOptions(dataDir: string, loadDataDir?: Uint8Array): OpenOptions {
  if (dataDir.startsWith("memory://")) return { dataDir, loadDataDir };
  mkdirSync(dataDir, { recursive: true });
  return { dataDir: `${dataDir}/pglite`, loadDataDir };
}

/** Starts opening DATA_DIR's database in its thread now; a failure surfaces when it is taken. */
export function openPgliteEarly(dataDir: string): Promise<PgliteBridge> {
  const bridge = (async () => openPgliteThread(pgliteOpenOptions(dataDir)))();
  bridge.catch(() => undefined);
  early = { dataDir, bridge };
  return bridge;
}

/** The early thread when it is for `dataDir`; undefined (after closing it) otherwise. */
export async function takeEarlyPglite(dataDir: string): Promise<PgliteBridge | undefined> {
  const taken = early;
  early = undefined;
  if (!taken) return undefined;
  if (taken.dataDir === dataDir) return taken.bridge;
  const other = await taken.bridge.catch(() => undefined);
  await other?.close();
  return undefined;
}
