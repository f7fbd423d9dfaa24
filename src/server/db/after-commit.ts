// NOTIFY after commit (decisions 226, 227). A transaction that NOTIFYs takes PostgreSQL's
// commit-time notify lock and holds it through its commit record's flush, so writers that notify
// commit one at a time. Drizzle has no after-commit hook, so the app's database is wrapped here:
// every transaction it starts, and every savepoint within one, keeps a list of work to run once
// the outermost transaction's COMMIT has returned. Work queued in a savepoint that rolls back is
// dropped with it; none runs when the transaction rolls back. (A COMMIT of a transaction that had
// already failed rolls back without an error; its wake-ups still go out, which costs listeners
// one needless read of their changes and nothing else.)
//
// What notifyAfterCommit queues goes out in one statement with the NOTIFYs of every commit of the
// next few milliseconds, committed without waiting for its flush: a NOTIFY this app sends is a
// wake-up carrying no data, and one that is lost (the process ending in between, the connection
// failing) is covered by its listeners' poll, so a failure to send is not reported. close() sends
// what is pending first, and while it closes anything queued is sent at once.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** How long NOTIFYs wait to be sent together (decision 227): well under what a person notices. */
export const NOTIFY_BATCH_MS = 10;

type Notify = { channel: string; payload: string };
type Scope = { root: Db; onCommit: (() => void)[] };
type Pending = { notifies: Map<string, Notify>; timer: NodeJS.Timeout };

const scopes = new WeakMap<Tx, Scope>();
const roots = new WeakSet<Db | Tx>();
const pending = new WeakMap<Db, Pending>();
const sending = new WeakMap<Db, Set<Promise<void>>>();
const closing = new WeakSet<Db>();

/** Gives the database's transactions (and their savepoints) after-commit work; returns it. */
export function withAfterCommit(db: Db): Db {
  const begin = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const scope: Scope = { root: db, onCommit: [] };
    const result = await begin((tx) => work(track(tx, scope)), config);
    for (const run of scope.onCommit) run();
    return result;
  };
  roots.add(db);
  return db;
}

function track(tx: Tx, scope: Scope): Tx {
  scopes.set(tx, scope);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (work) => {
    const inner: Scope = { root: scope.root, onCommit: [] };
    const result = await savepoint((nested) => work(track(nested, inner)));
    scope.onCommit.push(...inner.onCommit);
    return result;
  };
  return tx;
}

/**
 * NOTIFYs each payload on the channel once what `tx` wrote has committed: batched after the
 * commit on a database wrapped by withAfterCommit, in the transaction itself on any other.
 */
export async function notifyAfterCommit(
  tx: Db | Tx,
  channel: string,
  payloads: string[],
): Promise<void> {
  if (payloads.length === 0) return;
  const notifies = payloads.map((payload) => ({ channel, payload }));
  const scope = scopes.get(tx as Tx);
  if (scope) scope.onCommit.push(() => queue(scope.root, notifies));
  else if (roots.has(tx)) queue(tx, notifies);
  else await sendNotifies(tx, notifies, { withoutFlush: false });
}

function queue(db: Db, notifies: Notify[]): void {
  let batch = pending.get(db);
  if (!batch) {
    const timer = setTimeout(() => send(db), NOTIFY_BATCH_MS).unref();
    pending.set(db, (batch = { notifies: new Map(), timer }));
  }
  for (const n of notifies) batch.notifies.set(`${n.channel}\n${n.payload}`, n);
  if (closing.has(db)) send(db);
}

function send(db: Db): void {
  const batch = pending.get(db);
  if (!batch) return;
  pending.delete(db);
  clearTimeout(batch.timer);
  let inFlight = sending.get(db);
  if (!inFlight) sending.set(db, (inFlight = new Set()));
  // A failure (the database closing or unreachable) is covered by the listeners' poll.
  const sent = sendNotifies(db, [...batch.notifies.values()], { withoutFlush: true }).catch(
    () => {},
  );
  inFlight.add(sent);
  void sent.finally(() => inFlight.delete(sent));
}

/**
 * Before close: sends the NOTIFYs waiting for their batch, and from now on any queued at once,
 * and waits until none is on its way.
 */
export async function flushNotifies(db: Db): Promise<void> {
  closing.add(db);
  send(db);
  for (let inFlight = sending.get(db); inFlight && inFlight.size > 0;) {
    await Promise.all([...inFlight]);
  }
}

/**
 * One statement NOTIFYing each channel and payload, passed as two arrays whatever their number.
 * `withoutFlush` (for a statement that is its own transaction): commits without waiting for the
 * disk.
 */
async function sendNotifies(
  db: Db | Tx,
  notifies: Notify[],
  { withoutFlush }: { withoutFlush: boolean },
): Promise<void> {
  const noFlush = withoutFlush ? sql`set_config('synchronous_commit', 'off', true), ` : sql``;
  const channels = `{${notifies.map((n) => arrayElement(n.channel)).join(",")}}`;
  const payloads = `{${notifies.map((n) => arrayElement(n.payload)).join(",")}}`;
  await db.execute(
    sql`select ${noFlush}pg_notify(c, p) from unnest(${channels}::text[], ${payloads}::text[]) as v(c, p)`,
  );
}

/** A text as an element of a PostgreSQL array literal: quoted, with `"` and `\\` escaped. */
function arrayElement(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
