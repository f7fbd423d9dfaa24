// A large input for a worker thread, sent a page at a time (decision 234). Whatever crosses to a
// worker is copied by a structured clone on the sending thread: an account's JSON export (1,000
// contacts, 20,000 history entries) was one clone of 30–80 ms on the event loop, and over 100 ms
// on a loaded machine. Over a message port of its own, each page is a short clone, one per turn
// of the event loop.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { nextTurn } from "./next-turn";

/** Items per message: a clone of one page is a millisecond or two. */
export const INPUT_PAGE_ITEMS = 500;

/**
 * What the worker's task receives in place of its input: the input with its long lists empty,
 * filled from the port.
 */
export type PagedInput = { pagedInput: true; head: Record<string, unknown>; port: MessagePort };

type Page = { key: string; items: unknown[] } | { done: true };

export function isPagedInput(value: unknown): value is PagedInput {
  return typeof value === "object" && value !== null && "pagedInput" in value;
}

/**
 * Splits `input`: `envelope` goes to the worker with the task (its port moved, not copied), and
 * `send` then posts the arrays under `keys` to it, one page per turn of the event loop. `send`
 * stops early once `isStopped` says the task has ended (failed, timed out, never started).
 */
export function pageInput(
  input: Record<string, unknown>,
  keys: readonly string[],
  pageItems = INPUT_PAGE_ITEMS,
): { envelope: PagedInput; send: (isStopped: () => boolean) => Promise<void> } {
  const { port1, port2 } = new MessageChannel();
  const head = { ...input };
  for (const key of keys) head[key] = [];
  const envelope: PagedInput = { pagedInput: true, head, port: port2 };
  async function send(isStopped: () => boolean): Promise<void> {
    try {
      for (const key of keys) {
        const items = input[key];
        if (!Array.isArray(items)) throw new TypeError(`the paged input "${key}" is not a list`);
        for (let start = 0; start < items.length; start += pageItems) {
          await nextTurn();
          if (isStopped()) {
            port1.close();
            return;
          }
          port1.postMessage({ key, items: items.slice(start, start + pageItems) } satisfies Page);
        }
      }
      port1.postMessage({ done: true } satisfies Page);
    } catch (error) {
      // The worker must not wait for pages that will never come: closing ends its wait.
      port1.close();
      throw error;
    }
  }
  return { envelope, send };
}

/** In the worker: the whole input again (its own copy of the head), once every page has arrived. */
export function receivePages({ head, port }: PagedInput): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    port.on("message", (page: Page) => {
      if ("done" in page) {
        port.close();
        resolve(head);
        return;
      }
      const list = head[page.key] as unknown[];
      for (const item of page.items) list.push(item);
    });
    // Closed before the last page (the sender failed): settling twice is a no-op once resolved.
    port.on("close", () => reject(new Error("the input's pages stopped before the last one")));
  });
}
