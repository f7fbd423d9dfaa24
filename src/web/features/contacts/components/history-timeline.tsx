import { Pencil, Plus, Reply, Trash2 } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { CONTACT_METHOD_LABELS } from "../../../../core/contact-methods";
import type { Interaction } from "../../../../core/interactions";
import { DateText } from "../../../components/date-text";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatDateTime } from "../../../lib/format-date";
import { toast } from "../../../lib/toast";
import { useDeleteInteraction } from "../api/delete-interaction";
import { useInteractions } from "../api/list-interactions";
import { lazyComponent, lazyModule } from "../../../lib/lazy";

// The add/edit dialog (react-hook-form, the interaction schema) is not part of the page's first
// paint: it is asked for as the page first renders, and opens as soon as it is in.
const interactionDialog = lazyModule(() => import("./interaction-dialog"));
const InteractionDialog = lazyComponent(interactionDialog, (m) => m.InteractionDialog);

// Every time you were in touch, newest first, with add, edit and delete; an entry the assistant
// logged from a reply links to it.
export function HistoryTimeline(props: { contact: Contact; timeZone: string }) {
  const { contact } = props;
  const history = useInteractions(contact.id);
  const remove = useDeleteInteraction(contact.id);
  const [editing, setEditing] = useState<Interaction | "new" | null>(null);
  const name = contactDisplayName(contact);
  useEffect(() => {
    interactionDialog.preload().catch(() => undefined);
  }, []);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>History</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden />
          Add to history
        </Button>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Spinner />
        ) : history.isError ? (
          <LoadError
            prefix="We couldn't load the history. "
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing logged yet. Use “Log contact” after you talk, or add a past conversation.
          </p>
        ) : (
          <ol
            className="grid gap-4 border-l border-border pl-4"
            aria-label={`History with ${name}`}
          >
            {history.data.map((item) => (
              <li key={item.id} className="relative grid gap-1" data-testid="history-item">
                <span
                  className="absolute -left-[21px] top-1.5 size-2.5 rounded-full bg-primary"
                  aria-hidden
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-medium">
                    {/* A date-only entry (a "last contacted" day) has no time or channel to show. */}
                    <DateText value={item.occurredAt} withTime={!item.isDateOnly} isCapitalized />
                    {item.isDateOnly ? null : (
                      <span className="text-muted-foreground">
                        {" "}
                        · {CONTACT_METHOD_LABELS[item.channel]}
                      </span>
                    )}
                  </p>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit entry of ${entryDate(item, props.timeZone)}`}
                      onClick={() => setEditing(item)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete entry of ${entryDate(item, props.timeZone)}`}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      }
                      title="Delete this history entry?"
                      description="If it is the latest one, the last contact and the next due date move back to the entry before it."
                      confirmLabel="Delete entry"
                      isDestructive
                      onConfirm={() =>
                        remove.mutate(item.id, {
                          onSuccess: () => toast({ title: "History entry deleted" }),
                          onError: (error) =>
                            toast({
                              title: "Couldn't delete the entry",
                              description: errorMessage(error),
                              variant: "destructive",
                            }),
                        })
                      }
                    />
                  </div>
                </div>
                {item.note ? <p className="whitespace-pre-wrap text-sm">{item.note}</p> : null}
                {item.replyId ? (
                  // Logged by the assistant from the user's reply or forwarded mail (issue 48).
                  <Link
                    to="/app/replies"
                    className="inline-flex w-fit items-center gap-1 text-xs font-medium text-primary underline"
                  >
                    <Reply className="size-3.5" aria-hidden />
                    From a reply
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <Suspense fallback={null}>
        <InteractionDialog
          contactId={contact.id}
          contactName={name}
          defaultChannel={contact.preferredMethod ?? "other"}
          interaction={editing && editing !== "new" ? editing : undefined}
          open={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      </Suspense>
    </Card>
  );
}

/** The entry's date as its buttons name it: with the time, unless only the day is known. */
function entryDate(item: Interaction, timeZone: string): string {
  return item.isDateOnly
    ? formatDate(item.occurredAt, { timeZone })
    : formatDateTime(item.occurredAt, { timeZone });
}
