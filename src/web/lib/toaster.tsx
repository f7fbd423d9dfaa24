// Sonner's toaster in the app's colours, loaded with the first toast (lib/toast.tsx).
import { useEffect } from "react";
import { toast as sonnerToast, Toaster } from "sonner";
import { TOAST_LIMIT } from "../../core/constants";
import { cn } from "./utils";
import type { ToastInput } from "./toast";
import { HAS_HEADER_TABS, useMediaQuery } from "./use-media-query";

const DEFAULT_DURATION_MS = 5000;

function showToast({ title, description, variant, duration, action }: ToastInput): void {
  sonnerToast.dismiss();
  sonnerToast(title, {
    description,
    duration: duration ?? DEFAULT_DURATION_MS,
    action,
    className: cn(
      variant === "destructive"
        ? "border-destructive bg-destructive text-destructive-foreground"
        : "border-border bg-card text-card-foreground",
    ),
  });
}

export function LoadedToaster({ onReady }: { onReady: (show: typeof showToast) => void }) {
  // Sonner's toaster listens from its own effect, which runs before this one.
  useEffect(() => onReady(showToast), [onReady]);
  // In the phone layout a toast at the bottom would cover the tab bar and the last rows' Log
  // buttons for the ten seconds an undo toast stays: it shows at the top there, over the header.
  const isWide = useMediaQuery(HAS_HEADER_TABS);
  return (
    <Toaster
      position={isWide ? "bottom-right" : "top-center"}
      mobileOffset={{ top: 4, left: 8, right: 8 }}
      visibleToasts={TOAST_LIMIT}
      closeButton
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: "Close notification",
        classNames: {
          toast:
            "flex w-[var(--width)] items-start gap-3 rounded-lg border p-3 pr-11 shadow-lg md:p-4 md:pr-10",
          content: "grid min-w-0 flex-1 gap-1",
          title: "text-sm font-semibold",
          description: "text-sm opacity-90",
          actionButton:
            "min-h-11 shrink-0 self-start whitespace-nowrap rounded-md md:min-h-0 border border-current px-3 py-1 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          closeButton:
            "absolute right-0 top-0 flex size-11 items-center justify-center rounded opacity-80 hover:opacity-100 md:right-2 md:top-2 md:size-auto md:p-1",
        },
      }}
    />
  );
}
