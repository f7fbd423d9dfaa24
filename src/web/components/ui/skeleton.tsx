import { cn } from "../../lib/utils";

// Grey placeholders shaped like what is coming: the page paints at once and the data fills in.

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("ui-skeleton", className)} />;
}

/** A card-sized grey block, with a status label, for a card whose code or data is on its way. */
export function SkeletonCard({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <Skeleton className={cn("rounded-xl", className)} />
    </div>
  );
}

/** Rows shaped like the contact list's (avatar, name, a line under it), with a status label. */
export function SkeletonRows({ rows = 8, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="overflow-hidden rounded-lg border border-border bg-card"
      data-testid="skeleton-rows"
    >
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex h-[76px] items-center gap-3 border-b border-border px-3 last:border-b-0"
        >
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid min-w-0 flex-1 gap-2">
            <Skeleton className="h-4 w-2/5 max-w-48" />
            <Skeleton className="h-3 w-3/5 max-w-72" />
          </div>
          <Skeleton className="hidden h-8 w-20 sm:block" />
        </div>
      ))}
    </div>
  );
}
