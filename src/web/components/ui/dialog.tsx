import { Dialog as DialogPrimitive, AlertDialog as AlertPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/utils";
import { buttonVariants } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClass = "fixed inset-0 z-50 bg-black/50";
const contentClass =
  "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-lg";

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
  // A dialog opened from state (no DialogTrigger) gets focus back to the control that was
  // focused when it opened, as one opened by its trigger does (issue 14 item 9).
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={cn(contentClass, className)}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          returnTo.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = returnTo.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        {...props}
      >
        {children}
        {hasCloseIcon ? (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded p-1 opacity-80 hover:opacity-100"
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
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

// A confirmation for destructive actions (delete, undo an import…). Opened by its trigger, or
// controlled with `open` and `onOpenChange` (a question the app asks: leave unsaved edits?).
export function ConfirmDialog(props: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The safe choice, named for what it keeps ("Keep subscription"); "Cancel" by default. */
  cancelLabel?: string;
  onConfirm: () => void;
  isDestructive?: boolean;
}) {
  return (
    <AlertPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? (
        <AlertPrimitive.Trigger asChild>{props.trigger}</AlertPrimitive.Trigger>
      ) : null}
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlayClass} />
        <AlertPrimitive.Content className={contentClass}>
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
