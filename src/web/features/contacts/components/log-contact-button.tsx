import { Check } from "lucide-react";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { describeDue } from "../../../../core/rhythm";
import { Button, type ButtonProps } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useLogInteraction } from "../api/log-interaction";
import { useUndoToast } from "../api/undo-change";

// Made once: an element that is the same object each render is not rendered again (a keystroke
// in the contacts search re-renders the rows on screen).
const CHECK_ICON = <Check aria-hidden />;

// One tap: "I was in touch just now", by the preferred channel. Moves the due date.
export function LogContactButton(props: {
  contact: Contact;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  label?: string;
  /** Icon only on small screens (the accessible name stays). */
  isCompact?: boolean;
}) {
  const log = useLogInteraction();
  const showUndoToast = useUndoToast();
  const name = contactDisplayName(props.contact);
  // The contact list reuses a row for another contact (lib/row-keys.ts): a log still being saved
  // shows on the button of the contact it is for, not on the one that took its row.
  const isSavingThis = log.isPending && log.variables?.contactId === props.contact.id;
  return (
    <Button
      size={props.size ?? "sm"}
      variant={props.variant ?? "secondary"}
      // Not `disabled` while saving: a disabled button drops focus, and focus stays put after a save.
      aria-disabled={isSavingThis || undefined}
      aria-label={`Log contact with ${name}`}
      onClick={() =>
        !log.isPending &&
        log.mutate(
          { contactId: props.contact.id },
          {
            onSuccess: ({ contact, undoId }) =>
              showUndoToast({
                undoId,
                title: `Logged contact with ${name}`,
                description: contact.rhythm
                  ? `Next: ${describeDue(contact).toLowerCase()}.`
                  : undefined,
                variant: "success",
              }),
            onError: (error) =>
              toast({
                title: "Couldn't log contact",
                description: errorMessage(error),
                variant: "destructive",
              }),
          },
        )
      }
    >
      {CHECK_ICON}
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>
        {props.label ?? "Log contact"}
      </span>
    </Button>
  );
}
