// The main thread's side of the embedded database: a client with the calls
// Drizzle's PGlite driver makes (query, transaction) plus listen and close, each sent to the
// PGlite in pglite-thread.ts and answered there, so its WebAssembly never runs on the event loop.
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { siblingModule } from "../lib/module-file";

export type OpenOptions = {
  /** A directory, or `memory://` for a database that lives as long as the thread. */
  dataDir: string;
  /** A data directory dumped by PGlite's dumpDataDir (uncompressed tar), loaded at open. */
  loadDataDir?: Uint8Array;
};

export type BridgeQueryOptions = { rowMode?: "array" | "object"; textTypes?: number[] };

export type BridgeRequest = { id: number } & (
  | { op: "query"; tx?: number; sql: string; params?: unknown[]; options?: BridgeQueryOptions }
  | { op: "exec"; tx?: number; sql: string; options?: BridgeQueryOptions }
  | { op: "begin" }
  | { op: "finish"; tx: number; commit: boolean }
  | { op: "listen"; channel: string; listener: number }
  | { op: "unlisten"; listener: number }
  | { op: "close" }
);

type PlainError = { message: string; name: string; fields: Record<string, unknown> };

export type BridgeReply =
  | { kind: "ready" }
  | { kind: "result"; id: number; result: unknown }
  | { kind: "error"; id: number; error: PlainError }
  | { kind: "notify"; listener: number; payload: string };

type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };
// Without the op-specific fields' union spread, TypeScript cannot take `id` off each member.
type RequestBody = BridgeRequest extends infer R
  ? R extends unknown
    ? Omit<R, "id">
    : never
  : never;

/** What Drizzle's PGlite session calls on a transaction's client. */
export type BridgeTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
};

export type PgliteBridge = BridgeTransaction & {
  transaction<T>(callback: (tx: BridgeTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
};

const THREAD_FILE = siblingModule(import.meta.url, "./pglite-thread.mjs", "pglite-thread");

// Drizzle's parsers only keep some types as text (identity functions); they travel as type ids.
// Anything else cannot cross the thread boundary and is refused rather than silently dropped.
function bridgeOptions(options: QueryOptions | undefined): BridgeQueryOptions | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.paramTypes) {
    throw new Error("The PGlite thread takes rowMode and text-keeping parsers only");
  }
  const parsers = Object.entries(options.parsers ?? {});
  for (const [oid, parser] of parsers) {
    const parse = parser as (value: string, typeId: number) => unknown;
    if (parse("1", Number(oid)) !== "1") {
      throw new Error(`The PGlite thread cannot run a custom parser (type ${oid})`);
    }
  }
  return {
    rowMode: options.rowMode,
    textTypes: parsers.length > 0 ? parsers.map(([oid]) => Number(oid)) : undefined,
  };
}

function toError(plain: PlainError): Error {
  const error = new Error(plain.message);
  error.name = plain.name;
  return Object.assign(error, plain.fields);
}

export async function openPgliteThread(options: OpenOptions): Promise<PgliteBridge> {
  const bridge = startPgliteThread(options);
  await bridge.ready;
  return bridge;
}

/**
 * Starts the thread and hands out its bridge at once: calls made before the thread has opened
 * the database wait for it, in order, and fail with its error if it cannot. The
 * server registers its routes meanwhile.
 */
export function startPgliteThread(options: OpenOptions): PgliteBridge & { ready: Promise<void> } {
  const worker = new Worker(THREAD_FILE, { workerData: options });
  const calls = new Map<number, Call>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let closed = false;
  let failure: Error | undefined;
  let isReady = false;

  const settle = (id: number) => {
    const call = calls.get(id);
    calls.delete(id);
    if (calls.size === 0) worker.unref();
    return call;
  };
  const failAll = (error: Error) => {
    failure ??= error;
    closed = true;
    for (const id of [...calls.keys()]) settle(id)?.reject(error);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The PGlite thread exited (${code})`)));
    worker.once("message", (reply: BridgeReply) => {
      if (reply.kind === "ready") resolve();
    });
  });
  // Every call made before it fails with the thread's error; this branch only marks it ready.
  ready.then(
    () => {
      isReady = true;
      // From here the thread keeps the process alive only while a call waits on it (a CLI
      // awaiting a query), never merely by being open (a test that forgets close(), a listener).
      if (calls.size === 0) worker.unref();
    },
    () => undefined,
  );

  worker.on("message", (reply: BridgeReply) => {
    if (reply.kind === "notify") listeners.get(reply.listener)?.(reply.payload);
    else if (reply.kind === "result") settle(reply.id)?.resolve(reply.result);
    else if (reply.kind === "error") settle(reply.id)?.reject(toError(reply.error));
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`The PGlite thread exited (${code})`)));

  function call<T>(body: RequestBody): Promise<T> {
    if (failure) return Promise.reject(failure);
    if (!isReady) return ready.then(() => call<T>(body));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (calls.size === 1) worker.ref();
      worker.postMessage({ ...body, id });
    });
  }

  const client = (tx?: number): BridgeTransaction => ({
    query(sql, params, options) {
      return call({ op: "query", tx, sql, params, options: bridgeOptions(options) });
    },
    exec(sql, options) {
      return call({ op: "exec", tx, sql, options: bridgeOptions(options) });
    },
  });

  let nextListener = 1;
  return {
    ...client(),
    ready,
    get closed() {
      return closed;
    },
    async transaction(callback) {
      const tx = await call<number>({ op: "begin" });
      let result;
      try {
        result = await callback(client(tx));
      } catch (error) {
        await call({ op: "finish", tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: "finish", tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      const listener = nextListener++;
      listeners.set(listener, onNotify);
      await call({ op: "listen", channel, listener });
      return async () => {
        listeners.delete(listener);
        if (!closed) await call({ op: "unlisten", listener });
      };
    },
    async close() {
      if (closed) return;
      await call({ op: "close" });
      closed = true;
      await worker.terminate();
    },
  };
}
