// The contact list's filters on a phone: a sheet from the bottom of the screen, loaded the first
// time it opens (contact-filters-bar.tsx).
import type { ReactNode, RefObject } from "react";
import { formatContactCount } from "../../../../core/plural";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";

export function FiltersSheet({
  open,
  onOpenChange,
  returnFocusTo,
  shownCount,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  shownCount: number;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="bottom-0 top-auto w-full max-w-none translate-y-0 rounded-b-none"
        onCloseAutoFocus={(event) => {
          // The button lives outside the dialog's root: give focus back to it by hand.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Filters</DialogTitle>
        <DialogDescription>
          Narrow the list by tag, rhythm or country, change the order, or include archived contacts.
        </DialogDescription>
        {children}
        <Button onClick={() => onOpenChange(false)}>Show {formatContactCount(shownCount)}</Button>
      </DialogContent>
    </Dialog>
  );
}
