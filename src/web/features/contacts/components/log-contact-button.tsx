import { Check } from "lucide-react";
import { LOG_REPEAT_WINDOW_MS } from "../../../../core/constants";
import { contactDisplayName } from "../../../../core/contact-display";
import { CONTACT_METHOD_LABELS, type ContactMethod } from "../../../../core/contact-methods";
import type { Contact } from "../../../../core/contacts";
import { joinNames } from "../../../../core/household-names";
import { describeDue } from "../../../../core/rhythm";
import { Button, type ButtonProps } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { QUEUED_NOTE, queuedUndoId, wasQueued } from "../../../lib/offline-queue";
import { toast } from "../../../lib/toast";
import { useLogInteraction } from "../api/log-interaction";
import { useUndoToast } from "../api/undo-change";
import { createRecentLogs } from "../lib/recent-logs";

// Made once: an element that is the same object each render is not rendered again (a keystroke
// in the contacts search re-renders the rows on screen).
const CHECK_ICON = <Check aria-hidden />;

const recentLogs = createRecentLogs(LOG_REPEAT_WINDOW_MS);

// One tap: "I was in touch just now", by the preferred channel unless `channel` picks another.
// Moves the due date. A second tap for the same person moments later adds nothing.
export function LogContactButton(props: {
  contact: Contact;
  channel?: ContactMethod;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  label?: string;
  /** Icon only on small screens (the accessible name stays). */
  isCompact?: boolean;
  /** The guided tour's name for it (data-tour). */
  tourTarget?: string;
  /** The others who were there (say, the rest of a household), logged with them. */
  with?: { id: string; name: string }[];
  /** Names everyone it logs (the contact and `with`), for a button that is about all of them. */
  isNamingEveryone?: boolean;
}) {
  const log = useLogInteraction();
  const showUndoToast = useUndoToast();
  const name = contactDisplayName(props.contact);
  const others = props.with ?? [];
  const everyone = joinNames([name, ...others.map((o) => o.name)]);
  const isSavingThis = log.isPending && log.variables?.contactId === props.contact.id;

  function logNow() {
    if (log.isPending) return;
    const contactId = props.contact.id;
    // A repeat is the same people again: logging one of a household alone does not stop
    // "Log everyone" a moment later from logging the rest.
    const repeatKey = [contactId, ...others.map((o) => o.id)].join(",");
    const recent = recentLogs.find(repeatKey, Date.now());
    if (recent) {
      showUndoToast({
        undoId: recent.undoId,
        title: `Already logged contact with ${name}`,
        description: "You logged this a moment ago; it counts once.",
        onUndone: () => recentLogs.forget(recent.undoId),
      });
      return;
    }
    const input = {
      ...(props.channel ? { channel: props.channel } : {}),
      ...(others.length > 0 ? { withContactIds: others.map((o) => o.id) } : {}),
    };
    log.mutate(
      { contactId, input },
      {
        onSuccess: (result) => {
          const { contact, interaction, undoId } = result;
          if (wasQueued(result)) {
            // Its Undo takes it out of the queue while it waits (nothing is sent).
            showUndoToast({
              undoId: queuedUndoId(result),
              title: `Logged contact with ${everyone}`,
              description: QUEUED_NOTE,
            });
            return;
          }
          recentLogs.remember(repeatKey, { undoId, at: Date.now() });
          const by = interaction ? `By ${CONTACT_METHOD_LABELS[interaction.channel]}.` : null;
          const next = contact.rhythm ? `Next: ${describeDue(contact).toLowerCase()}.` : null;
          showUndoToast({
            undoId,
            title: `Logged contact with ${everyone}`,
            description: [by, next].filter(Boolean).join(" ") || undefined,
            variant: "success",
            onUndone: () => recentLogs.forget(undoId),
          });
        },
        onError: (error) =>
          toast({
            title: "Couldn't log contact",
            description: errorMessage(error),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <Button
      size={props.size ?? "sm"}
      variant={props.variant ?? "secondary"}
      // Not `disabled` while saving: a disabled button drops focus, and focus stays put after a save.
      aria-disabled={isSavingThis || undefined}
      aria-label={`Log contact with ${props.isNamingEveryone ? everyone : name}`}
      data-tour={props.tourTarget}
      onClick={logNow}
    >
      {CHECK_ICON}
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>
        {props.label ?? "Log contact"}
      </span>
    </Button>
  );
}
