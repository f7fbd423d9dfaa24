// The one toast system: the spec's rule lives in toast-store.ts; this renders it with Radix.
import { Toast as ToastPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { createToastStore, type ToastInput } from "./toast-store";
import { cn } from "./utils";

export type { ToastInput };

const store = createToastStore();

export function toast(input: ToastInput): number {
  return store.show(input);
}

export function dismissToast(id: number): void {
  store.dismiss(id);
}

export function Toaster() {
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {current.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.isOpen}
          duration={t.duration ?? 5000}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            "data-[state=closed]:hidden",
            t.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-card text-card-foreground",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
            {t.action ? (
              <ToastPrimitive.Action
                altText={t.action.altText}
                onClick={t.action.onClick}
                className="mt-1 justify-self-start rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {t.action.label}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
