// @ts-check
// The embedded database's own thread: PGlite's WebAssembly runs here, so a heavy
// query no longer holds the event loop that answers every request. The main thread talks to it
// through pglite-bridge.ts; each message is one call of what Drizzle's PGlite driver uses
// (query, exec, an interactive transaction, listen) and is answered with its result or error.
// Plain JavaScript (type-checked through JSDoc): a worker thread cannot load TypeScript from
// source on Node 20 (tsx's hooks do not reach a worker's entry), and it must start fast in tests.
import { setFlagsFromString } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

// V8 compiles each WebAssembly function quickly first and again, optimised, once it has run
// enough. Node 20's V8 optimises after a budget of 1.8 million; later V8s (Node 22's) wait for
// 13 million: most of PostgreSQL runs a few times at start and never again, and its optimised
// code only held memory (~35 MB of the idle server). The hot paths (a list query) still pass
// the budget within their first requests. One compilation thread instead of one per core: each
// thread kept its own malloc arena after compiling (~20 MB).
setFlagsFromString("--wasm-tiering-budget=13000000");
setFlagsFromString("--wasm-num-compilation-tasks=1");

/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {import("@electric-sql/pglite").QueryOptions} QueryOptions */
/** @typedef {import("./pglite-bridge.ts").BridgeQueryOptions} BridgeQueryOptions */
/** @typedef {import("./pglite-bridge.ts").BridgeRequest} BridgeRequest */
/** @typedef {import("./pglite-bridge.ts").BridgeReply} BridgeReply */
/** @typedef {import("./pglite-bridge.ts").OpenOptions} OpenOptions */
/** @typedef {{ tx: Transaction, finish: (commit: boolean) => Promise<void> }} OpenTransaction */

const port = parentPort;
if (!port) throw new Error("pglite-thread runs as a worker thread");
/** @param {BridgeReply} reply */
const send = (reply) => port.postMessage(reply);

const open = /** @type {OpenOptions} */ (workerData);
// PostgreSQL's default 128 MB buffer pool is zeroed at start, so it is resident from the first
// second; the pages it caches are also in the operating system's cache one read away (PGlite's
// files are plain files). 16 MB holds a large account's working set.
const SHARED_BUFFERS = "16MB";

const pglite = await PGlite.create(open.dataDir, {
  postgresqlconf: [`shared_buffers=${SHARED_BUFFERS}`],
  loadDataDir: open.loadDataDir
    ? new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (open.loadDataDir)])
    : undefined,
});

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
let nextTransaction = 1;

/**
 * Drizzle's parsers keep dates, intervals and numeric arrays as text: identity functions, sent
 * here as the type ids they apply to (functions cannot cross threads).
 * @param {BridgeQueryOptions | undefined} options
 * @returns {QueryOptions | undefined}
 */
function queryOptions(options) {
  if (!options) return undefined;
  /** @param {string} value */
  const keepText = (value) => value;
  return {
    rowMode: options.rowMode,
    parsers: options.textTypes
      ? Object.fromEntries(options.textTypes.map((oid) => [oid, keepText]))
      : undefined,
  };
}

/** @param {number | undefined} txId */
function target(txId) {
  if (txId === undefined) return pglite;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

/**
 * Opens PGlite's own transaction (its mutex holds every other query back, as in one thread) and
 * keeps it open until the main thread commits or rolls back; resolves with its id once begun.
 * @returns {Promise<number>}
 */
function begin() {
  return new Promise((begun, failedToBegin) => {
    const id = nextTransaction++;
    const rollback = new Error("rolled back by the caller");
    /** @type {(commit: boolean) => void} */
    let decide = () => undefined;
    /** @type {Promise<boolean>} */
    const decided = new Promise((resolve) => (decide = resolve));
    let started = false;
    /** @type {Promise<void>} */
    const done = pglite
      .transaction(async (tx) => {
        started = true;
        transactions.set(id, {
          tx,
          finish: (commit) => {
            decide(commit);
            return done;
          },
        });
        begun(id);
        if (!(await decided)) throw rollback;
      })
      .then(
        () => undefined,
        (error) => {
          if (error !== rollback) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    done.catch((error) => {
      if (!started) failedToBegin(error);
    });
  });
}

/**
 * @param {BridgeRequest} request
 * @returns {Promise<unknown>}
 */
async function handle(request) {
  switch (request.op) {
    case "query":
      return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
    case "exec":
      return target(request.tx).exec(request.sql, queryOptions(request.options));
    case "begin":
      return begin();
    case "finish": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      await open.finish(request.commit);
      return null;
    }
    case "listen": {
      const listener = request.listener;
      const stop = await pglite.listen(request.channel, (payload) =>
        send({ kind: "notify", listener, payload }),
      );
      listeners.set(listener, stop);
      return null;
    }
    case "unlisten": {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      if (stop && !pglite.closed) await stop();
      return null;
    }
    case "close":
      if (!pglite.closed) await pglite.close();
      return null;
  }
}

/**
 * Only what survives the structured clone: the message, the name and PostgreSQL's fields (code,
 * constraint, detail, …), which callers read to tell a unique violation from the rest.
 * @param {unknown} error
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

port.on("message", (/** @type {BridgeRequest} */ request) => {
  handle(request).then(
    (result) => send({ kind: "result", id: request.id, result }),
    (error) => send({ kind: "error", id: request.id, error: plainError(error) }),
  );
});
send({ kind: "ready" });
