import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";
import type { Contact } from "../../../../core/contacts";
import { cn } from "../../../lib/utils";
import { CONTACT_ROW_HEIGHT, ContactRow } from "./contact-row";

// Only the rows on screen are in the page, so 1,000 contacts scroll and filter smoothly.
export function ContactList(props: {
  contacts: Contact[];
  today: string;
  timeZone: string;
  isStale?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setOffset(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: props.contacts.length,
    estimateSize: () => CONTACT_ROW_HEIGHT,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => props.contacts[index]?.id ?? index,
  });
  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Contacts"
      aria-busy={props.isStale || undefined}
      className={cn(
        "relative rounded-xl border border-border bg-card transition-opacity",
        props.isStale && "opacity-60",
      )}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const contact = props.contacts[row.index]!;
        return (
          <div
            key={row.key}
            role="listitem"
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
