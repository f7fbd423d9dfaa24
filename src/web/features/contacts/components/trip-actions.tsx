// Travel mode's one-click actions for a contact, both snoozes to a day: "Snooze
// until I'm back" moves their due date to the day you return; "Remind me when I'm there" makes
// them due the day you arrive, so that day's reminder names them. Someone with no rhythm has no
// due date to move: they get a way to give them one instead.
import { BellRing, Moon } from "lucide-react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useSnoozeContact } from "../api/snooze-contact";
import { useUndoToast } from "../api/undo-change";
import { formatDay } from "../../../lib/format-date";

export function TripActions(props: { contact: Contact; arriveOn: string; backOn: string }) {
  const snooze = useSnoozeContact(props.contact.id);
  const showUndoToast = useUndoToast();
  const name = contactDisplayName(props.contact);

  function snoozeUntil(until: string, title: string) {
    snooze.mutate(
      { until },
      {
        onSuccess: ({ undoId }) => showUndoToast({ undoId, title, variant: "success" }),
        onError: (error) =>
          toast({
            title: "Couldn't snooze",
            description: errorMessage(error),
            variant: "destructive",
          }),
      },
    );
  }

  if (!props.contact.rhythm) {
    return (
      <p className="text-sm text-muted-foreground">
        No rhythm, so nothing to snooze.{" "}
        <Link
          to={`/app/contacts/${props.contact.id}`}
          className="font-medium text-primary underline"
        >
          Give {name} a rhythm
        </Link>
      </p>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={snooze.isPending || !props.backOn}
        aria-label={`Snooze ${name} until I'm back`}
        onClick={() =>
          snoozeUntil(props.backOn, `${name} snoozed until ${formatDay(props.backOn)}`)
        }
      >
        <Moon aria-hidden />
        Snooze until I'm back
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={snooze.isPending || !props.arriveOn}
        aria-label={`Remind me about ${name} when I'm there`}
        onClick={() =>
          snoozeUntil(
            props.arriveOn,
            `We'll remind you about ${name} on ${formatDay(props.arriveOn)}`,
          )
        }
      >
        <BellRing aria-hidden />
        Remind me when I'm there
      </Button>
    </div>
  );
}
