import { type UseFormReturn } from "react-hook-form";
import { REMINDER_CADENCES } from "../../../../core/constants";
import {
  REMINDER_TIME_CHOICES,
  type OnboardingFormInput,
  type OnboardingFormValues,
  type ReminderCadence,
} from "../../../../core/onboarding";
import { TimeZoneField } from "../../../components/time-zone-picker";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";

type Form = UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues>;

const CADENCE_LABELS: Record<ReminderCadence, string> = {
  days: "Days",
  weeks: "Weeks",
  as_needed: "As needed",
};

const METHODS = [
  { value: "email", label: "Email" },
  { value: "text", label: "Text message" },
] as const;

export function StepReminders(props: { form: Form; isTextAllowed: boolean }) {
  const { form, isTextAllowed } = props;
  const { errors } = form.formState;
  const methodError = errors.reminderMethod?.message;
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2" aria-describedby={methodError ? "method-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">How should we remind you?</legend>
        <div className="flex flex-wrap gap-3">
          {METHODS.map((method) => {
            const isDisabled = method.value === "text" && !isTextAllowed;
            return (
              <label
                key={method.value}
                className={cn(
                  "flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm",
                  "has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  isDisabled && "opacity-60",
                )}
              >
                <input
                  type="radio"
                  value={method.value}
                  disabled={isDisabled}
                  className="accent-[var(--primary)]"
                  {...form.register("reminderMethod")}
                />
                {method.label}
              </label>
            );
          })}
        </div>
        {!isTextAllowed ? (
          <p className="text-xs text-muted-foreground">
            Text messages are available for US and Canada (+1) numbers only, so we will email you.
          </p>
        ) : null}
        {methodError ? (
          <p id="method-error" role="alert" className="text-sm font-medium text-destructive">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Frequency" error={errors.reminderFrequency?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register("reminderFrequency", { valueAsNumber: true })}
          />
        </Field>
        <Field label="How often" error={errors.reminderCadence?.message}>
          <Select {...form.register("reminderCadence")}>
            {REMINDER_CADENCES.map((cadence) => (
              <option key={cadence} value={cadence}>
                {CADENCE_LABELS[cadence]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Reminder time" error={errors.reminderTime?.message}>
          <Select {...form.register("reminderTime")}>
            {REMINDER_TIME_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Time zone" error={errors.timezone?.message}>
          <TimeZoneField control={form.control} name="timezone" />
        </Field>
      </div>
    </div>
  );
}
