import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
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
import { showServerErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useLogInteraction } from "../api/log-interaction";
import { useUndoToast } from "../api/undo-change";
import { useUpdateInteraction } from "../api/update-interaction";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import { fromDateTimeLocal, toDateTimeLocal } from "../lib/format";

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

// "When" is read on the wall clock of the user's zone, the one the history shows it in.
function createInteractionFormSchema(timeZone: string) {
  return z
    .object({ when: z.string(), channel: z.string(), note: z.string() })
    .transform((values, ctx) => {
      const at = fromDateTimeLocal(values.when, timeZone);
      const parsed = InteractionInputSchema.safeParse({
        occurredAt: at ? at.toISOString() : "",
        channel: values.channel,
        note: values.note,
      });
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "occurredAt" ? "when" : String(issue.path[0]);
        ctx.addIssue({ code: "custom", path: [field], message: issue.message });
      }
      return z.NEVER;
    });
}
type InteractionFormSchema = ReturnType<typeof createInteractionFormSchema>;
type InteractionFormValues = z.input<InteractionFormSchema>;

function InteractionForm(props: Props) {
  const log = useLogInteraction();
  const update = useUpdateInteraction(props.contactId);
  const showUndoToast = useUndoToast();
  const timeZone = useTimeZone();
  const [schema] = useState(() => createInteractionFormSchema(timeZone));
  const form = useForm<InteractionFormValues, unknown, z.output<InteractionFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      when: toDateTimeLocal(props.interaction?.occurredAt ?? new Date(), timeZone),
      channel: props.interaction?.channel ?? props.defaultChannel,
      note: props.interaction?.note ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || log.isPending || update.isPending;

  const submit = form.handleSubmit(async (input) => {
    try {
      if (props.interaction) {
        await update.mutateAsync({ interactionId: props.interaction.id, patch: input });
        toast({ title: "History entry saved", variant: "success" });
      } else {
        const { undoId } = await log.mutateAsync({ contactId: props.contactId, input });
        showUndoToast({
          undoId,
          title: `Logged contact with ${props.contactName}`,
          variant: "success",
        });
      }
      props.onOpenChange(false);
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "We couldn't save this entry.",
        fieldNames: { occurredAt: "when" },
      });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <Field label="When" error={errors.when?.message}>
        <Input
          type="datetime-local"
          max={toDateTimeLocal(new Date(), timeZone)}
          required
          {...form.register("when")}
        />
      </Field>
      <Field label="How" error={errors.channel?.message}>
        <Select {...form.register("channel")}>
          {CONTACT_METHODS.map((m) => (
            <option key={m} value={m}>
              {CONTACT_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Note (optional)" error={errors.note?.message}>
        <Textarea rows={3} {...form.register("note")} />
      </Field>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
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
