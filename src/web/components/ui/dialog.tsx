// Our dialogs, whose Radix code (./dialog-parts.tsx: dialog, focus trap, scroll lock, ~14 KB
// gzip) is not part of a page's first paint: a page with a dialog starts loading it once it has
// painted, and a dialog opened before it has arrived shows as soon as it does.
// Dialogs open from state (`open`, `onOpenChange`); a ConfirmDialog may have a trigger.
import {
  cloneElement,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { lazyComponent, lazyModule } from "../../lib/lazy";
import type * as Parts from "./dialog-parts";

const parts = lazyModule(() => import("./dialog-parts"));

/** Loads the dialogs' code just after the page that has one has painted. */
function useDialogPartsAfterPaint() {
  useEffect(() => {
    parts.preload().catch(() => undefined);
  }, []);
}

/** True from the first time `open` is: a dialog that has not opened yet renders nothing. */
function useHasOpened(open: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened || open;
}

export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  useDialogPartsAfterPaint();
  const hasOpened = useHasOpened(props.open);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}

const LoadedDialog = lazyComponent(parts, (m) => m.Dialog);

// The parts below render inside a Dialog, so its code has arrived by then.
export const DialogContent = lazyComponent(parts, (m) => m.DialogContent);
export const DialogTitle = lazyComponent(parts, (m) => m.DialogTitle);
export const DialogDescription = lazyComponent(parts, (m) => m.DialogDescription);
export const DialogClose = lazyComponent(parts, (m) => m.DialogClose);

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
  "data-state"?: "open" | "closed";
};

// A confirmation for destructive actions (delete, undo an import…). Opened by its trigger, or
// controlled with `open` and `onOpenChange` (a question the app asks: leave unsaved edits?).
export function ConfirmDialog(
  props: Omit<ComponentProps<typeof Parts.ConfirmDialog>, "open" | "onOpenChange"> & {
    trigger?: ReactElement<TriggerProps>;
    open?: boolean;
    onOpenChange?: (open: boolean) => void;
  },
) {
  const { trigger, open: controlledOpen, onOpenChange, ...content } = props;
  useDialogPartsAfterPaint();
  const [ownOpen, setOwnOpen] = useState(false);
  // The trigger pressed last: focus goes back to it if the click did not focus it (Safari).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const open = controlledOpen ?? ownOpen;
  const hasOpened = useHasOpened(open);
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {trigger
        ? cloneElement(trigger, {
            // What Radix's own trigger says to assistive technology.
            "aria-haspopup": "dialog",
            "aria-expanded": open,
            "data-state": open ? "open" : "closed",
            onClick: (event: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(event);
              if (event.defaultPrevented) return;
              setOpener(event.currentTarget);
              setOpen(true);
            },
          })
        : null}
      {hasOpened ? (
        <Suspense fallback={null}>
          <LoadedConfirmDialog
            {...content}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={opener}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const LoadedConfirmDialog = lazyComponent(parts, (m) => m.ConfirmDialog);
