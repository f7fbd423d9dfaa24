// Wake-ups sent after a commit, batched (decision 226). A transaction that NOTIFYs takes
// PostgreSQL's commit-time notify lock and holds it through its commit record's flush, so writers
// that notify commit one at a time; a wake-up sent from its own short transaction after the data
// has committed keeps the writers' commits apart, and the wake-ups of all writes committed within
// a few milliseconds go out as one statement. The wake-up carries no data (the stream reads its
// user's changes from the table), so that statement commits without waiting for its flush, and
// one that is lost (the process ending in between, the connection failing) is covered by the
// hub's poll, as a lost listener is.
import type { Db } from "../../db/client";
import { wakeUsers } from "./changes";

/** How long wake-ups wait to be sent together: well under what a person notices. */
export const WAKE_UP_BATCH_MS = 2;

const pending = new WeakMap<Db, Set<string>>();

/** Sends a wake-up for each user shortly after now; call it once the change has committed. */
export function sendWakeUpsAfterCommit(db: Db, userIds: Iterable<string>): void {
  let batch = pending.get(db);
  if (!batch) {
    const ids = new Set<string>();
    pending.set(db, (batch = ids));
    setTimeout(() => {
      pending.delete(db);
      // A failure (the database closing or unreachable) is covered by the streams' poll.
      wakeUsers(db, [...ids], { withoutFlush: true }).catch(() => {});
    }, WAKE_UP_BATCH_MS).unref();
  }
  for (const id of userIds) batch.add(id);
}
