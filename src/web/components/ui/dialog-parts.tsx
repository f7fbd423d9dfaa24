// The Radix side of our dialogs (dialog, alert dialog, focus trap, scroll lock: ~14 KB gzip),
// loaded by ./dialog.tsx after the page's first paint, not with it. Import the
// dialogs from ./dialog.tsx, never from here.
import { Dialog as DialogPrimitive, AlertDialog as AlertPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/utils";
import { buttonVariants } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

const overlayClass = "fixed inset-0 z-50 bg-black/50";
// The looks are the ui-dialog* classes in styles.css (components layer).
const contentClass = "ui-dialog";

export function DialogContent({
  className,
  children,
  hasCloseIcon = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** The corner ✕; off when the dialog has a "Close" button of its own. */
  hasCloseIcon?: boolean;
}) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content className={cn(contentClass, className)} {...focusReturn} {...props}>
        {children}
        {hasCloseIcon ? (
          <DialogPrimitive.Close
            className="absolute right-1 top-1 flex size-11 items-center justify-center rounded opacity-80 hover:opacity-100 md:right-4 md:top-4 md:size-auto md:p-1"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("ui-dialog-title", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("ui-dialog-description", className)} {...props} />
  );
}

// A confirmation for destructive actions, opened from state (./dialog.tsx's ConfirmDialog
// renders its trigger and opens it).
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The safe choice, named for what it keeps ("Keep subscription"); "Cancel" by default. */
  cancelLabel?: string;
  onConfirm: () => void;
  isDestructive?: boolean;
  /** Where focus goes back when nothing had it as the dialog opened (a click in Safari). */
  returnFocusTo?: HTMLElement | null;
}) {
  const focusReturn = useFocusReturn({}, props.returnFocusTo);
  return (
    <AlertPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlayClass} />
        <AlertPrimitive.Content className={contentClass} {...focusReturn}>
          <AlertPrimitive.Title className="text-lg font-semibold">
            {props.title}
          </AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            {props.description}
          </AlertPrimitive.Description>
          <div className="flex justify-end gap-2">
            <AlertPrimitive.Cancel className={buttonVariants({ variant: "outline" })}>
              {props.cancelLabel ?? "Cancel"}
            </AlertPrimitive.Cancel>
            <AlertPrimitive.Action
              className={buttonVariants({
                variant: props.isDestructive ? "destructive" : "default",
              })}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </AlertPrimitive.Action>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}

// Radix gives focus back to its own trigger when a dialog closes; ours have none (they open
// from state, or from ./dialog.tsx's trigger), so focus goes back to the control that was
// focused when the dialog opened unless the caller's handler moved it.
function useFocusReturn(
  handlers: {
    onOpenAutoFocus?: (event: Event) => void;
    onCloseAutoFocus?: (event: Event) => void;
  },
  fallback?: HTMLElement | null,
) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      // Safari and Firefox on macOS do not focus a clicked button: then the opener's fallback.
      // Focus may rest on the page itself or on a heading the page focused on arrival
      // (tabindex -1): neither is what was pressed.
      const isControl =
        active instanceof HTMLElement &&
        active !== document.body &&
        active.getAttribute("tabindex") !== "-1";
      returnTo.current = isControl
        ? active
        : (fallback ?? (active instanceof HTMLElement && active !== document.body ? active : null));
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = returnTo.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
