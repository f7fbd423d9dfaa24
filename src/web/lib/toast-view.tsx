// The toasts on screen, rendered with Radix; loaded by Toaster (toast.tsx) when the first toast
// shows, so pages carry no Radix toast code until then (decision 185).
import { Toast as ToastPrimitive } from "radix-ui";
import { X } from "lucide-react";
import type { ToastItem } from "./toast-store";
import { cn } from "./utils";

export function ToastView({
  toasts,
  onDismiss,
}: {
  toasts: ToastItem[];
  onDismiss: (id: number) => void;
}) {
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.isOpen}
          duration={t.duration ?? 5000}
          onOpenChange={(open) => {
            if (!open) onDismiss(t.id);
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
