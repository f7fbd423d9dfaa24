// Tabs, as WAI-ARIA's tabs pattern with automatic activation: arrow keys, Home and End move
// between tabs and select the one reached; only the selected tab is in the tab order; each panel
// is labelled by its tab, and only the selected panel is rendered. Our own rather than Radix's:
// Radix Tabs brings roving focus and collection code (~8 KB gzip) onto /auth, the page that
// needs it at first paint. Same props and data-state attributes as before.
import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "../../lib/utils";

type TabsState = {
  value: string;
  select: (value: string) => void;
  idFor: (value: string) => string;
};

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

export function Tabs({
  value,
  onValueChange,
  ...props
}: ComponentProps<"div"> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const baseId = useId();
  const state: TabsState = {
    value,
    select(next) {
      if (next !== value) onValueChange(next);
    },
    idFor: (v) => `${baseId}-${v}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

const KEY_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const move = KEY_MOVES[event.key];
  if (!move) return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const at = tabs.findIndex((tab) => tab === document.activeElement);
  if (at === -1) return;
  event.preventDefault();
  const next = tabs[move(at, tabs.length)];
  next?.focus();
  next?.click();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn("ui-tabs-list", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const isActive = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.idFor(value)}-tab`}
      aria-selected={isActive}
      aria-controls={`${tabs.idFor(value)}-panel`}
      data-state={isActive ? "active" : "inactive"}
      tabIndex={isActive ? 0 : -1}
      className={cn("ui-tabs-trigger", className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.idFor(value)}-panel`}
      aria-labelledby={`${tabs.idFor(value)}-tab`}
      data-state="active"
      tabIndex={0}
      className={cn("ui-tabs-content", className)}
      {...props}
    />
  );
}
