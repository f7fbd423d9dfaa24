// The one way the web app retries and polls: run a step up to `attempts` times, waiting
// `delayMs(n)` after the n-th try, until `isDone` accepts the answer. Every wait-and-try-again
// of the spec (lazy chunks, verification, payment confirmation, subscription reads, session
// polls) is this loop with its own schedule; `sleep` is injectable so tests need no timers.
import { sleep as realSleep } from "./utils";

export type Schedule = {
  attempts: number;
  /** The wait after the n-th attempt (n starts at 1) before the next one. */
  delayMs: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
};

/** The same wait every time. */
export const every = (ms: number) => () => ms;
/** 1×, 2×, 3× … the step. */
export const linear = (stepMs: number) => (attempt: number) => stepMs * attempt;
/** first, first×factor, first×factor² … */
export const exponential = (firstMs: number, factor: number) => (attempt: number) =>
  firstMs * factor ** (attempt - 1);

export type Repeated<T> = { value: T; attempts: number; isDone: boolean };

/** Runs `step` until `isDone` accepts its answer or the attempts run out; the last answer wins. */
export async function repeatUntil<T>(
  step: (attempt: number) => Promise<T>,
  isDone: (value: T) => boolean,
  schedule: Schedule,
): Promise<Repeated<T>> {
  const wait = schedule.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    const value = await step(attempt);
    if (isDone(value)) return { value, attempts: attempt, isDone: true };
    if (attempt >= schedule.attempts) return { value, attempts: attempt, isDone: false };
    await wait(schedule.delayMs(attempt));
  }
}

/** Polls until the answer is not null (a failed read counts as null). */
export async function pollForValue<T>(
  read: () => Promise<T | null>,
  schedule: Schedule,
): Promise<T | null> {
  const { value } = await repeatUntil(
    () => read().catch(() => null),
    (answer) => answer !== null,
    schedule,
  );
  return value;
}

/** Retries while `step` throws; the last error is thrown when the attempts run out. */
export async function retryOnError<T>(
  step: (attempt: number) => Promise<T>,
  schedule: Schedule,
): Promise<T> {
  type Settled = { ok: true; value: T } | { ok: false; error: unknown };
  const { value: settled } = await repeatUntil<Settled>(
    (attempt) =>
      step(attempt).then(
        (value) => ({ ok: true, value }),
        (error: unknown) => ({ ok: false, error }),
      ),
    (answer) => answer.ok,
    schedule,
  );
  if (settled.ok) return settled.value;
  throw settled.error;
}
