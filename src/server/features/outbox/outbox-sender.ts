// The outbox sender: claims due rows, delivers them through the channel's transport and records
// the outcome. Writers call kick() after their transaction commits, so mail leaves at once; the
// background job drains on a timer too, which picks up retries and rows whose sender crashed.
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client";
import type { Env } from "../../env";
import { claimDue, markFailed, markSent, type FailureOutcome, type OutboxRow } from "./outbox";
import {
  createMailTransport,
  createSmsTransport,
  DeliveryError,
  type Transport,
} from "./transports";

export type DeliveryHooks = {
  /** In the transaction that marks the rows sent (a group of them: see recordSent). */
  onSent?: (tx: Tx, rows: OutboxRow[], now: Date) => Promise<void>;
  /** In the transaction that records the failure; `outcome` says whether it will be retried. */
  onFailed?: (
    tx: Tx,
    row: OutboxRow,
    failure: { now: Date; error: string; isPermanent: boolean; outcome: FailureOutcome },
  ) => Promise<void>;
};

export type OutboxSender = {
  isDevMailbox: boolean;
  isDevSms: boolean;
  /** Sends everything due now; resolves with how many rows it tried. */
  drain: () => Promise<number>;
  /** Starts a drain soon, without waiting for it (after a writer commits). */
  kick: () => void;
  setHooks: (hooks: DeliveryHooks) => void;
  close: () => Promise<void>;
};

const CLAIM_BATCH = 50;

export function createOutboxSender(deps: {
  db: Db;
  env: Env;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Messages in flight at once per process (each on its own pooled SMTP connection). */
  concurrency?: number;
  /** Transports for more channels (the chat channels), by outbox channel. */
  transports?: Record<string, Transport>;
}): OutboxSender {
  const { db, env, log } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? env.OUTBOX_CONCURRENCY);
  const transports: Record<string, Transport> = {
    email: createMailTransport(env, concurrency),
    sms: createSmsTransport(env),
    ...deps.transports,
  };
  let hooks: DeliveryHooks = {};
  let running: Promise<void> | undefined;
  let isKickedAgain = false;
  let isClosed = false;

  // Sent messages are recorded in groups: whatever was sent while the last group's transaction
  // was being written goes in the next one. A transaction per message (begin, two updates,
  // commit) was most of the sender's database work. Each message still waits for
  // its record before its slot sends another, so a crash leaves at most `concurrency` messages
  // sent but unrecorded (sent again once their lease ends), as before.
  type Sent = { row: OutboxRow; resolve: () => void; reject: (error: unknown) => void };
  let unrecorded: Sent[] = [];
  let isRecording = false;

  async function recordGroups(): Promise<void> {
    isRecording = true;
    while (unrecorded.length > 0) {
      const group = unrecorded;
      unrecorded = [];
      const rows = group.map((sent) => sent.row);
      const now = deps.now();
      try {
        await db.transaction(async (tx) => {
          await markSent(tx, rows, { now, transportOf: (row) => transports[row.channel]!.name });
          await hooks.onSent?.(tx, rows, now);
        });
        for (const sent of group) sent.resolve();
      } catch (error) {
        for (const sent of group) sent.reject(error);
      }
    }
    isRecording = false;
  }

  function recordSent(row: OutboxRow): Promise<void> {
    const recorded = new Promise<void>((resolve, reject) => {
      unrecorded.push({ row, resolve, reject });
    });
    if (!isRecording) void recordGroups();
    return recorded;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const transport = transports[row.channel];
    try {
      if (!transport) throw new DeliveryError(`Unknown channel ${row.channel}`, true);
      await transport.send(row);
    } catch (error) {
      const isPermanent = error instanceof DeliveryError ? error.isPermanent : false;
      const message = error instanceof Error ? error.message : String(error);
      const now = deps.now();
      await db.transaction(async (tx) => {
        const outcome = await markFailed(tx, row, { now, error: message, isPermanent });
        await hooks.onFailed?.(tx, row, { now, error: message, isPermanent, outcome });
      });
      log.warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: message },
        "delivery failed",
      );
      return;
    }
    await recordSent(row);
  }

  async function drainOnce(): Promise<number> {
    const rows = await claimDue(db, { now: deps.now(), limit: CLAIM_BATCH });
    let next = 0;
    const worker = async () => {
      while (next < rows.length && !isClosed) {
        const row = rows[next++]!;
        await deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
    return rows.length;
  }

  async function drainAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await drainOnce();
      total += count;
      if (count < CLAIM_BATCH || isClosed) return total;
    }
  }

  function kick(): void {
    if (isClosed) return;
    if (running) {
      isKickedAgain = true;
      return;
    }
    running = (async () => {
      try {
        do {
          isKickedAgain = false;
          await drainAll();
        } while (isKickedAgain && !isClosed);
      } catch (error) {
        if (!isClosed) log.error({ err: error }, "outbox sender failed");
      } finally {
        running = undefined;
      }
    })();
  }

  return {
    isDevMailbox: transports.email!.name === "dev",
    isDevSms: transports.sms!.name === "dev",
    async drain() {
      // One drain at a time per process: a timer tick waits for a kick's drain to finish.
      while (running) await running;
      return drainAll();
    },
    kick,
    setHooks(next) {
      hooks = next;
    },
    async close() {
      isClosed = true;
      while (running) await running;
      for (const transport of Object.values(transports)) transport.close();
    },
  };
}
