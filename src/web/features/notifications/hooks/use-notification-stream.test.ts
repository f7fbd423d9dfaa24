import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { NOTIFICATIONS_KEY } from "../api/notifications-key";
import { rereadNotifications } from "./use-notification-stream";

// A list whose reads see the server as it was when each read began; the first read is held
// until the test lets it answer.
function heldList() {
  const server = { unread: 0 };
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let reads = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(queryClient, {
    queryKey: [...NOTIFICATIONS_KEY, "unread"],
    queryFn: async () => {
      const seen = server.unread;
      reads += 1;
      if (reads === 1) await firstHeld;
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { server, queryClient, observer, releaseFirst, reads: () => reads, unsubscribe };
}

describe("rereadNotifications", () => {
  it("reads the list again when a change arrives while an earlier read is under way", async () => {
    const list = heldList();
    expect(list.reads()).toBe(1);
    list.server.unread = 1;
    const reread = rereadNotifications(list.queryClient);
    list.releaseFirst();
    await reread;
    expect(list.reads()).toBe(2);
    expect(list.observer.getCurrentResult().data).toBe(1);
    list.unsubscribe();
  });

  it("reads the list once when nothing is under way", async () => {
    const list = heldList();
    list.releaseFirst();
    await vi.waitFor(() => expect(list.observer.getCurrentResult().data).toBe(0));
    list.server.unread = 2;
    await rereadNotifications(list.queryClient);
    expect(list.reads()).toBe(2);
    expect(list.observer.getCurrentResult().data).toBe(2);
    list.unsubscribe();
  });
});
