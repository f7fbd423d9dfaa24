// The toast rule (spec 01 §4, §9) as a small store with no React in it: one toast at a time (a
// new one replaces the one shown), and a dismissed toast is removed 3 s after dismissal so its
// closing can finish.
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../core/constants";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  duration?: number;
  /** One button in the toast, e.g. "Undo"; choosing it closes the toast. */
  action?: { label: string; altText: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: number; isOpen: boolean };

export type ToastStore = {
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  getSnapshot: () => ToastItem[];
  subscribe: (listener: () => void) => () => void;
};

export function createToastStore(
  options: { limit?: number; removeDelayMs?: number } = {},
): ToastStore {
  const { limit = TOAST_LIMIT, removeDelayMs = TOAST_REMOVE_DELAY_MS } = options;
  let items: ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const removals = new Map<number, ReturnType<typeof setTimeout>>();

  function update(next: ToastItem[]): void {
    items = next;
    for (const listener of listeners) listener();
  }

  return {
    show(input) {
      const id = nextId++;
      update([{ ...input, id, isOpen: true }, ...items].slice(0, limit));
      return id;
    },
    dismiss(id) {
      if (removals.has(id) || !items.some((t) => t.id === id)) return;
      update(items.map((t) => (t.id === id ? { ...t, isOpen: false } : t)));
      removals.set(
        id,
        setTimeout(() => {
          removals.delete(id);
          update(items.filter((t) => t.id !== id));
        }, removeDelayMs),
      );
    },
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
