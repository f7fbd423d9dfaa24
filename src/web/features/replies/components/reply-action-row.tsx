// One action of a reply: who it is for, what it does, the words it was read from, and what can
// be done with it: Undo while an applied action can still be undone; Accept (which adds someone
// not in the contacts yet), Edit and Dismiss
// for a suggestion (a suggestion without one contact goes through Edit to choose who).
import { Check, Pencil, Undo2, X } from "lucide-react";
import type { ReplyAction } from "../../../../core/replies";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { toast, type ToastInput } from "../../../lib/toast";
import { useAcceptReplyAction } from "../api/accept-reply-action";
import { useDismissReplyAction } from "../api/dismiss-reply-action";
import { useUndoReplyAction } from "../api/undo-reply-action";
import { canAcceptAsIs, describeDetails, describeWho, isNewPerson } from "../lib/describe-action";

export function ReplyActionRow(props: {
  action: ReplyAction;
  onEdit: (action: ReplyAction) => void;
  /** After Accept, Dismiss or Undo the row moves or changes: focus goes to its reply. */
  onDone: () => void;
}) {
  const { action } = props;
  const accept = useAcceptReplyAction();
  const dismiss = useDismissReplyAction();
  const undo = useUndoReplyAction();
  const who = describeWho(action);
  const what = describeDetails(action.details);
  const isNew = isNewPerson(action);
  const isBusy = accept.isPending || dismiss.isPending || undo.isPending;
  // Awaited rather than mutate's callbacks: the answer moves the row to another section, which
  // mounts it anew, and a callback of the unmounted one would never run.
  async function run(change: Promise<unknown>, done: ToastInput, failedTitle: string) {
    try {
      await change;
    } catch (error) {
      toast({ title: failedTitle, description: errorMessage(error), variant: "destructive" });
      return;
    }
    props.onDone();
    toast(done);
  }

  return (
    <li
      className="grid gap-2 rounded-lg border border-border p-3"
      data-testid="reply-action"
      data-status={action.status}
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium [overflow-wrap:anywhere]">{who}</p>
        <p
          className={
            action.status === "dismissed"
              ? "text-sm text-muted-foreground line-through [overflow-wrap:anywhere]"
              : "text-sm [overflow-wrap:anywhere]"
          }
        >
          {what}
        </p>
        {action.evidence ? (
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            From “{action.evidence}”
          </p>
        ) : null}
      </div>
      {action.status === "applied" && action.undoId ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Undo: ${who}, ${what}`}
            disabled={isBusy}
            onClick={() =>
              void run(
                undo.mutateAsync(action.id),
                { title: "Undone", description: `${who}: ${what}.` },
                "Couldn't undo",
              )
            }
          >
            <Undo2 aria-hidden />
            {undo.isPending ? "Undoing..." : "Undo"}
          </Button>
        </div>
      ) : null}
      {action.status === "suggested" ? (
        <div className="flex flex-wrap gap-2">
          {canAcceptAsIs(action) ? (
            <Button
              size="sm"
              aria-label={
                isNew
                  ? `Add “${action.contactName}” to your contacts and accept: ${what}`
                  : `Accept: ${who}, ${what}`
              }
              disabled={isBusy}
              onClick={() =>
                void run(
                  accept.mutateAsync({ actionId: action.id }),
                  { title: "Done", description: `${who}: ${what}.`, variant: "success" },
                  "Couldn't accept",
                )
              }
            >
              <Check aria-hidden />
              {accept.isPending ? "Accepting..." : isNew ? "Add and accept" : "Accept"}
            </Button>
          ) : null}
          <Button
            variant={canAcceptAsIs(action) ? "outline" : "default"}
            size="sm"
            aria-label={`${canAcceptAsIs(action) ? "Edit" : "Choose who"}: ${who}, ${what}`}
            disabled={isBusy}
            onClick={() => props.onEdit(action)}
          >
            <Pencil aria-hidden />
            {canAcceptAsIs(action) ? "Edit" : "Choose who"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Dismiss: ${who}, ${what}`}
            disabled={isBusy}
            onClick={() =>
              void run(
                dismiss.mutateAsync(action.id),
                { title: "Suggestion dismissed", description: `${who}: ${what}.` },
                "Couldn't dismiss",
              )
            }
          >
            <X aria-hidden />
            Dismiss
          </Button>
        </div>
      ) : null}
    </li>
  );
}
