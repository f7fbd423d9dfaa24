import { AlarmClockOff, ChevronDown } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { SNOOZE_PRESETS, snoozeDay, type SnoozeInput } from "../../../../core/interactions";
import { addDays } from "../../../../core/rhythm";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useSnoozeContact } from "../api/snooze-contact";
import { useUndoToast } from "../api/undo-change";
import { formatDay } from "../../../lib/format-date";

// Push the next due date out without logging contact, or put it back.
export function SnoozeMenu(props: {
  contact: Contact;
  today: string;
  /** Its stand-in was pressed before this code arrived (contact-detail-page.tsx): open at once. */
  isOpenAtStart?: boolean;
  /** Its stand-in had focus: this trigger takes it over. */
  isFocusedAtStart?: boolean;
}) {
  const { contact } = props;
  const snooze = useSnoozeContact(contact.id);
  const showUndoToast = useUndoToast();
  const [isPicking, setIsPicking] = useState(false);
  // The day picker opens from a menu item that is gone once it closes: focus goes back to Snooze.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const name = contactDisplayName(contact);
  const { isFocusedAtStart } = props;
  useEffect(() => {
    if (isFocusedAtStart) triggerRef.current?.focus();
  }, [isFocusedAtStart]);

  function run(input: SnoozeInput | null) {
    snooze.mutate(input, {
      onSuccess: ({ contact: c, undoId }) =>
        showUndoToast({
          undoId,
          title: input ? `${name} snoozed` : "Snooze ended",
          description: c.dueDate ? `Now due ${formatDay(c.dueDate)}.` : undefined,
        }),
      onError: (error) =>
        toast({
          title: "Couldn't snooze",
          description: errorMessage(error),
          variant: "destructive",
        }),
    });
  }

  if (!contact.rhythm || contact.archivedAt) return null;
  const dueDay = contact.dueDate;
  return (
    <>
      <DropdownMenu defaultOpen={props.isOpenAtStart}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" ref={triggerRef} aria-disabled={snooze.isPending || undefined}>
            <AlarmClockOff aria-hidden />
            Snooze
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {SNOOZE_PRESETS.map((p) => (
            <DropdownMenuItem key={p.days} onSelect={() => run({ days: p.days })}>
              {p.label}
              <span className="ml-auto pl-4 text-xs text-muted-foreground">
                {formatDay(snoozeDay({ dueDay, today: props.today, days: p.days }))}
              </span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem onSelect={() => setIsPicking(true)}>Pick a day…</DropdownMenuItem>
          {contact.isSnoozed ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => run(null)}>End snooze</DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={isPicking} onOpenChange={setIsPicking}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <DialogTitle>Snooze {name} until…</DialogTitle>
          <DialogDescription>
            {name} will show as due on that day. Nothing is added to the history.
          </DialogDescription>
          <PickDayForm
            today={props.today}
            dueDay={dueDay}
            onCancel={() => setIsPicking(false)}
            onPick={(until) => {
              setIsPicking(false);
              run({ until });
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

function PickDayForm(props: {
  today: string;
  dueDay: string | null;
  onPick: (day: string) => void;
  onCancel: () => void;
}) {
  // The day after the current due date (or tomorrow, when already due): a later day, never an
  // earlier one that would bring the contact forward.
  const form = useForm<{ day: string }>({
    defaultValues: { day: snoozeDay({ dueDay: props.dueDay, today: props.today, days: 1 }) },
  });
  const submit = form.handleSubmit(({ day }) => props.onPick(day));
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <Field label="Due again on" error={form.formState.errors.day?.message}>
        <Input
          type="date"
          min={addDays(props.today, 1)}
          max={addDays(props.today, 365)}
          {...form.register("day", {
            validate: (day) => (day && day > props.today) || "Choose a day after today",
          })}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit">Snooze</Button>
      </div>
    </form>
  );
}
