import { Check } from "lucide-react";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { describeDue } from "../../../../core/rhythm";
import { Button, type ButtonProps } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useLogInteraction } from "../api/log-interaction";
import { useUndoToast } from "../api/undo-change";

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
  return (
    <Button
      size={props.size ?? "sm"}
      variant={props.variant ?? "secondary"}
      // Not `disabled` while saving: a disabled button drops focus, and focus stays put after a save.
      aria-disabled={log.isPending || undefined}
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
      <Check aria-hidden />
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>
        {props.label ?? "Log contact"}
      </span>
    </Button>
  );
}
