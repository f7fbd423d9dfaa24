// The list's search, filters and sort live in the URL, so Back and shared links keep them.
// Other parameters (fromOnboarding, startTour) are left alone. The search text is React state
// first (a keystroke re-renders at once) and reaches the URL after a pause in typing: a router
// navigation per keystroke cost a frame on a 1,000-contact list.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { CONTACT_SORTS, type ContactSort } from "../../../../core/contact-list";
import { DUE_STATES, type DueState } from "../../../../core/rhythm";

export type ContactFilters = {
  q: string;
  state?: DueState;
  tag?: string;
  rhythm?: string;
  country?: string;
  sort: ContactSort;
  archived: boolean;
};

const KEYS = ["q", "state", "tag", "rhythm", "country", "sort", "archived"] as const;
const SEARCH_URL_DELAY_MS = 400;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function useContactFilters() {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get("q") ?? "";
  const [q, setQ] = useState(urlQ);
  const lastWritten = useRef(urlQ);
  // While the app moves to another page (a contact opened by Enter or a click before the pause
  // ended), the search waits: writing it would replace that navigation with this page's URL.
  const isIdle = useNavigation().state === "idle";
  // Back/forward (or a link) changed the URL's search: follow it.
  useEffect(() => {
    if (urlQ !== lastWritten.current) {
      lastWritten.current = urlQ;
      setQ(urlQ);
    }
  }, [urlQ]);
  // Opening a contact (Enter in the search, or a row's link) drops a write still waiting: the
  // router may not report the navigation as started before the timer fires, and the write would
  // then replace the open with this page's URL.
  const isOpening = useRef(false);
  const markOpening = useCallback(() => {
    isOpening.current = true;
  }, []);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const isPlain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;
      if (isPlain && (event.target as Element | null)?.closest?.("a[data-row-link]")) markOpening();
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [markOpening]);
  useEffect(() => {
    if (q === lastWritten.current || !isIdle) return;
    isOpening.current = false;
    const timer = setTimeout(() => {
      if (isOpening.current) return;
      lastWritten.current = q;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q) next.set("q", q);
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    }, SEARCH_URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, setParams, isIdle]);

  const filters = useMemo<ContactFilters>(
    () => ({
      q,
      state: oneOf(DUE_STATES, params.get("state")),
      tag: params.get("tag") || undefined,
      rhythm: params.get("rhythm") || undefined,
      country: params.get("country") || undefined,
      sort: oneOf(CONTACT_SORTS, params.get("sort")) ?? "next_due",
      archived: params.get("archived") === "true",
    }),
    [params, q],
  );

  const setFilter = useCallback(
    (key: (typeof KEYS)[number], value: string | boolean | undefined) => {
      if (key === "q") return setQ(typeof value === "string" ? value : "");
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const text = typeof value === "boolean" ? (value ? "true" : "") : (value ?? "");
          const isDefault = text === "" || (key === "sort" && text === "next_due");
          if (isDefault) next.delete(key);
          else next.set(key, text);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => {
    setQ("");
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of KEYS) if (key !== "sort" && key !== "archived") next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const hasFilters = Boolean(
    filters.q || filters.state || filters.tag || filters.rhythm || filters.country,
  );
  return { filters, setFilter, clearFilters, hasFilters, markOpening };
}
