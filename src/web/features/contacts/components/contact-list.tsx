import { observeWindowRect, useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  startTransition,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from "react";
import { useNavigate } from "react-router";
import type { Contact } from "../../../../core/contacts";
import { cn } from "../../../lib/utils";
import { CONTACT_ROW_HEIGHT, ContactRow } from "./contact-row";

const FIRST_RENDER_RECT = { width: 0, height: 900 };

// The window's size as the virtualiser reads it (observeWindowRect), with the first reading (taken
// in a layout effect once the list is drawn) rendered in a transition, as the list's offset is.
function observeWindowRectAfterFirstRender(
  instance: Parameters<typeof observeWindowRect>[0],
  onRect: Parameters<typeof observeWindowRect>[1],
) {
  let first = true;
  return observeWindowRect(instance, (rect) => {
    if (!first) return onRect(rect);
    first = false;
    startTransition(() => onRect(rect));
  });
}

// Only the rows on screen are in the page, so 1,000 contacts scroll and filter smoothly. Up and
// down arrows move between the rows' links (scrolling a row not yet drawn into view first),
// Home and End go to the ends; Enter opens the focused contact (it is a link).
export function ContactList(props: {
  contacts: Contact[];
  today: string;
  timeZone: string;
  isStale?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [offset, setOffset] = useState(0);
  // The list's place on the page and the window's size are measured once it is drawn. What they
  // change (which rows below the screen are in the page) is rendered in a transition: an update in
  // a layout effect would otherwise be rendered at once, in the task that drew the list, and take
  // the effects that start the page's reads with it (on the server-drawn page, that task is the
  // hydration's, the longest a slow phone runs).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    startTransition(() => setOffset(top));
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: props.contacts.length,
    estimateSize: () => CONTACT_ROW_HEIGHT,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => props.contacts[index]?.id ?? index,
    // The window before it is measured: the server's render, and the browser's
    // first render that takes it over, draw the rows of a screen this tall, scrolled to the top
    // (a reload keeps the scroll position, which the server cannot know).
    initialRect: FIRST_RENDER_RECT,
    initialOffset: 0,
    observeElementRect: observeWindowRectAfterFirstRender,
  });

  const rows = virtualizer.getVirtualItems();

  // React moves a row whose contact changes place (a logged contact goes to the end), and a moved
  // element loses the focus: the element that had it gets it back while it is still on screen.
  const focused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = focused.current;
    if (element?.isConnected && document.activeElement === document.body)
      element.focus({ preventScroll: true });
  });

  function focusRow(index: number) {
    const find = () =>
      listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a[data-row-link]`);
    const link = find();
    if (link) {
      link.focus();
      link.scrollIntoView({ block: "nearest" });
      return;
    }
    virtualizer.scrollToIndex(index, { align: "auto" });
    requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
  }

  // A row's name is a plain link (ContactRow): a click the browser would follow in this tab opens
  // the contact in the app instead, as a router Link does; a click with a modifier key or another
  // button is left to the browser (a new tab or window).
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-row-link]");
    if (!link) return;
    event.preventDefault();
    void navigate(link.pathname);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    if (!row) return;
    const current = Number(row.dataset.index);
    const last = props.contacts.length - 1;
    const next =
      event.key === "ArrowDown"
        ? Math.min(current + 1, last)
        : event.key === "ArrowUp"
          ? Math.max(current - 1, 0)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    focusRow(next);
  }
  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Contacts"
      aria-busy={props.isStale || undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={(event) => (focused.current = event.target)}
      onBlur={(event) => {
        // A row being moved is detached as it loses the focus; a left row is not.
        const isMoving = !event.target.isConnected;
        if (!isMoving && !event.currentTarget.contains(event.relatedTarget)) focused.current = null;
      }}
      // The card's height is the rows' (box-content: its border outside it), its corners clip the
      // rows, and the bottom row leaves its separator to the card's own border.
      className={cn(
        "relative box-content overflow-hidden rounded-xl border border-border bg-card transition-opacity [&>[role=listitem]:last-child>*]:border-b-0",
        props.isStale && "opacity-60",
      )}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const contact = props.contacts[row.index]!;
        return (
          <div
            key={contact.id}
            role="listitem"
            data-index={row.index}
            className="absolute inset-x-0 top-0 [contain:strict]"
            style={{
              height: row.size,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <ContactRow contact={contact} today={props.today} timeZone={props.timeZone} />
          </div>
        );
      })}
    </div>
  );
}
