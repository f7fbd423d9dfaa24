import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore } from "./toast-store";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the toast rule: one at a time, removed 3 s after dismissal", () => {
  it("shows only the newest toast", () => {
    const store = createToastStore();
    store.show({ title: "Email sent" });
    const second = store.show({ title: "Sign in failed", variant: "destructive" });
    expect(store.getSnapshot()).toEqual([
      { id: second, title: "Sign in failed", variant: "destructive", isOpen: true },
    ]);
  });

  it("keeps a dismissed toast, closed, for 3 s and then removes it", async () => {
    const store = createToastStore();
    const id = store.show({ title: "Email sent" });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([{ id, title: "Email sent", isOpen: false }]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(store.getSnapshot()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("a new toast replaces one that is still closing, and the old removal leaves it alone", async () => {
    const store = createToastStore();
    const first = store.show({ title: "First" });
    store.dismiss(first);
    await vi.advanceTimersByTimeAsync(1000);
    const second = store.show({ title: "Second" });
    expect(store.getSnapshot().map((t) => t.id)).toEqual([second]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.getSnapshot()).toEqual([{ id: second, title: "Second", isOpen: true }]);
  });

  it("dismissing twice still removes 3 s after the first dismissal", async () => {
    const store = createToastStore();
    const id = store.show({ title: "Email sent" });
    store.dismiss(id);
    await vi.advanceTimersByTimeAsync(2000);
    store.dismiss(id);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("tells subscribers about every change until they unsubscribe", async () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ title: "Email sent" });
    store.dismiss(id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.show({ title: "Again" });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
