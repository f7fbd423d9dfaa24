import { useInfiniteQuery, useQuery, type QueryClient } from "@tanstack/react-query";
import { parseNextLink } from "../../../../core/notifications";
import type { Reply, ReplyAction } from "../../../../core/replies";
import { apiFetch, apiFetchWithHeaders } from "../../../lib/api-client";
import { REPLIES_KEY } from "./replies-key";

export type ReplyPage = { items: Reply[]; pendingCount: number; nextUrl: string | null };

const LIST_KEY = [...REPLIES_KEY, "list"] as const;
const PENDING_KEY = [...REPLIES_KEY, "pending-count"] as const;
/** A reply arrives by mail or text, not through this tab: the bell looks again now and then. */
const PENDING_POLL_MS = 60_000;

/** One page of replies, newest first; `url` is the first page or the previous one's next link. */
export async function listReplies(url: string): Promise<ReplyPage> {
  const { data, headers } = await apiFetchWithHeaders<Omit<ReplyPage, "nextUrl">>(url);
  return { ...data, nextUrl: parseNextLink(headers.get("link")) };
}

/** Every reply received, a page at a time ("Load more"). */
export function useReplies() {
  return useInfiniteQuery({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam }) => listReplies(pageParam),
    initialPageParam: "/api/replies",
    getNextPageParam: (last) => last.nextUrl ?? undefined,
  });
}

/** The bell's count of suggestions waiting: its own small read, refreshed with the list. */
export function usePendingReplyCount(): number {
  const { data } = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => apiFetch<{ pendingCount: number }>("/api/replies/pending-count"),
    refetchInterval: PENDING_POLL_MS,
  });
  return data?.pendingCount ?? 0;
}

/** Puts an action as the server answered it into the list at once, before the list is re-read. */
export function storeReplyAction(queryClient: QueryClient, action: ReplyAction): void {
  queryClient.setQueryData<{ pages: ReplyPage[]; pageParams: unknown[] }>(LIST_KEY, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            items: page.items.map((reply) => ({
              ...reply,
              actions: reply.actions.map((a) => (a.id === action.id ? action : a)),
            })),
          })),
        }
      : list,
  );
}
