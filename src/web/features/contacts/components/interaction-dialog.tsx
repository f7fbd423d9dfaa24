import { useState, type FormEvent } from "react";
import {
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  type ContactMethod,
} from "../../../../core/contact-fields";
import { InteractionInputSchema, type Interaction } from "../../../../core/interactions";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useLogInteraction } from "../api/log-interaction";
import { useUndoToast } from "../api/undo-change";
import { useUpdateInteraction } from "../api/update-interaction";
import { toDateTimeLocal } from "../lib/format";

type Props = {
  contactId: string;
  contactName: string;
  defaultChannel: ContactMethod;
  /** Editing an entry; without it the dialog adds one. */
  interaction?: Interaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

// Add a past (or just now) contact to the history, or edit one: when, how, and a note.
export function InteractionDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>{props.interaction ? "Edit history entry" : "Add to history"}</DialogTitle>
        <DialogDescription>
          {props.interaction
            ? `Change when or how you were in touch with ${props.contactName}.`
            : `When were you in touch with ${props.contactName}? The latest entry sets the next due date.`}
        </DialogDescription>
        {props.open ? <InteractionForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InteractionForm(props: Props) {
  const log = useLogInteraction();
  const update = useUpdateInteraction(props.contactId);
  const showUndoToast = useUndoToast();
  const [when, setWhen] = useState(() =>
    toDateTimeLocal(props.interaction?.occurredAt ?? new Date()),
  );
  const [channel, setChannel] = useState<string>(
    props.interaction?.channel ?? props.defaultChannel,
  );
  const [note, setNote] = useState(props.interaction?.note ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isSaving = log.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const at = new Date(when);
    const parsed = InteractionInputSchema.safeParse({
      occurredAt: Number.isNaN(at.getTime()) ? "" : at.toISOString(),
      channel,
      note,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      if (props.interaction) {
        await update.mutateAsync({ interactionId: props.interaction.id, patch: parsed.data });
        toast({ title: "History entry saved", variant: "success" });
      } else {
        const { undoId } = await log.mutateAsync({
          contactId: props.contactId,
          input: parsed.data,
        });
        showUndoToast({
          undoId,
          title: `Logged contact with ${props.contactName}`,
          variant: "success",
        });
      }
      props.onOpenChange(false);
    } catch (error) {
      setErrors({ form: errorMessage(error, "We couldn't save this entry.") });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <Field label="When" error={errors.occurredAt}>
        <Input
          type="datetime-local"
          value={when}
          max={toDateTimeLocal(new Date())}
          onChange={(e) => setWhen(e.target.value)}
          required
        />
      </Field>
      <Field label="How" error={errors.channel}>
        <Select value={channel} onChange={(e) => setChannel(e.target.value)}>
          {CONTACT_METHODS.map((m) => (
            <option key={m} value={m}>
              {CONTACT_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Note (optional)" error={errors.note}>
        <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
