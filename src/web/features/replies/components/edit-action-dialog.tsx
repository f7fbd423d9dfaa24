// Edit a suggestion, then accept it: choose who it is about (among the contacts the name fits,
// or anyone in the address book) and adjust the day or the details.
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS } from "../../../../core/contact-methods";
import type { ReplyAction } from "../../../../core/replies";
import { toLocalDate } from "../../../../core/rhythm";
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
import { monthNames } from "../../../lib/format-date";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import { toast } from "../../../lib/toast";
import { useAcceptReplyAction } from "../api/accept-reply-action";
import { ACTION_KIND_LABELS, describeWho, isNewPerson } from "../lib/describe-action";
import {
  readEditValues,
  toEditValues,
  type EditField,
  type EditValues,
} from "../lib/edit-action-form";

export type ContactOption = { id: string; name: string };

type Props = {
  action: ReplyAction | null;
  contacts: ContactOption[] | undefined;
  onClose: () => void;
};

export function EditActionDialog(props: Props) {
  return (
    <Dialog open={props.action !== null} onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent>
        <DialogTitle>
          {props.action ? `Edit: ${ACTION_KIND_LABELS[props.action.details.kind]}` : "Edit"}
        </DialogTitle>
        <DialogDescription>
          Choose who this is about and change what needs changing. Accept applies it; you can undo
          it afterwards.
        </DialogDescription>
        {props.action ? (
          <EditActionForm key={props.action.id} {...props} action={props.action} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditActionForm(props: Props & { action: ReplyAction }) {
  const { action } = props;
  const accept = useAcceptReplyAction();
  const timeZone = useTimeZone();
  const [resolver] = useState<Resolver<EditValues>>(() => async (values: EditValues) => {
    const result = readEditValues(action, values, toLocalDate(new Date(), timeZone));
    if (result.ok) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, message]) => [name, { type: "validate", message }]),
    );
    return { values: {}, errors };
  });
  const form = useForm<EditValues>({ resolver, defaultValues: toEditValues(action) });
  const { errors } = form.formState;
  const error = (name: EditField) => errors[name]?.message;
  const candidateIds = new Set(action.candidates.map((c) => c.id));
  const others = (props.contacts ?? [])
    .filter((c) => !candidateIds.has(c.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const kind = action.details.kind;

  const submit = form.handleSubmit(async (values) => {
    const result = readEditValues(action, values, toLocalDate(new Date(), timeZone));
    if (!result.ok) return;
    try {
      await accept.mutateAsync({ actionId: action.id, input: result.input });
      const { contactId } = result.input;
      const name = contactId
        ? (props.contacts?.find((c) => c.id === contactId)?.name ??
          action.candidates.find((c) => c.id === contactId)?.name ??
          describeWho(action))
        : null;
      toast({
        title: "Done",
        description: name
          ? `Applied for ${name}.`
          : `${action.contactName} added to your contacts.`,
        variant: "success",
      });
      props.onClose();
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: "We couldn't apply this.",
        fieldNames: { contactId: "contactId" },
      });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      {action.evidence ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          From “{action.evidence}”
        </p>
      ) : null}
      <Field label="Who" error={error("contactId")}>
        <Select {...form.register("contactId")}>
          <option value="">
            {isNewPerson(action)
              ? `Add “${action.contactName}” as a new contact`
              : "Choose a contact"}
          </option>
          {action.contactId && !candidateIds.has(action.contactId) && !props.contacts ? (
            <option value={action.contactId}>{action.contactName ?? "This contact"}</option>
          ) : null}
          {action.candidates.length > 0 ? (
            <optgroup label="Named in the reply">
              {action.candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label="All contacts">
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </Select>
      </Field>
      {kind === "interaction" ? (
        <>
          <Field label="Day" error={error("date")}>
            <Input type="date" max={toLocalDate(new Date(), timeZone)} {...form.register("date")} />
          </Field>
          <Field label="How" error={error("channel")}>
            <Select {...form.register("channel")}>
              <option value="">Not said</option>
              {CONTACT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {CONTACT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Note (optional)" error={error("note")}>
            <Textarea rows={3} {...form.register("note")} />
          </Field>
        </>
      ) : kind === "snooze" ? (
        <Field label="Snooze until" error={error("date")}>
          <Input type="date" {...form.register("date")} />
        </Field>
      ) : kind === "birthday" ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field label="Day" error={error("day")}>
            <Input inputMode="numeric" {...form.register("day")} />
          </Field>
          <Field label="Month" error={error("month")}>
            <Select {...form.register("month")}>
              <option value="">Month</option>
              {monthNames().map((name, i) => (
                <option key={name} value={String(i + 1)}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Year (optional)" error={error("year")}>
            <Input inputMode="numeric" {...form.register("year")} />
          </Field>
        </div>
      ) : kind === "note" ? (
        <Field label="Note" error={error("note")}>
          <Textarea rows={3} {...form.register("note")} />
        </Field>
      ) : (
        <Field
          label={
            kind === "place"
              ? "Town or country"
              : kind === "phone"
                ? "Phone number"
                : "Email address"
          }
          error={error("value")}
        >
          <Input
            type={kind === "email" ? "email" : kind === "phone" ? "tel" : "text"}
            {...form.register("value")}
          />
        </Field>
      )}
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? "Accepting..." : "Accept"}
        </Button>
      </div>
    </form>
  );
}
