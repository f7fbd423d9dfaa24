/**
 * The reminder schedule as form fields: how (email or text message), how often, at what time and
 * in which zone. Onboarding's reminders step and Settings → Reminders both ask this, over fields
 * of the same names; each passes its own form's `register`, errors and the notes it adds.
 */
import { useId, type ReactElement, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { REMINDER_CADENCES } from "../../core/constants";
import { REMINDER_HOURS, type ReminderCadence } from "../../core/onboarding";
import { formatHour } from "../lib/format-date";
import { cn } from "../lib/utils";
import { Field } from "./ui/field";
import { Input, Select } from "./ui/input";

const CADENCE_LABELS: Record<ReminderCadence, string> = {
  days: "Days",
  weeks: "Weeks",
  as_needed: "As needed",
};

const METHODS = [
  { value: "email", label: "Email" },
  { value: "text", label: "Text message" },
] as const;

export type ReminderFieldName =
  "reminderMethod" | "reminderFrequency" | "reminderCadence" | "reminderTime";

type Errors = Partial<Record<ReminderFieldName | "timezone", { message?: string }>>;

export function ReminderScheduleFields(props: {
  register: (name: ReminderFieldName, options?: { valueAsNumber: true }) => UseFormRegisterReturn;
  errors: Errors;
  canText: boolean;
  /** Shown under the method choice when text messages are allowed (e.g. "verify your number"). */
  methodNote?: ReactNode;
  /** The time-zone picker bound to the form's `timezone` field. */
  timeZoneField: ReactElement<Record<string, unknown>>;
  timeZoneDescription?: string;
  fieldClassName?: string;
}) {
  const { register, errors, canText, fieldClassName } = props;
  const methodError = errors.reminderMethod?.message;
  const methodErrorId = `${useId()}-method-error`;
  return (
    <>
      <fieldset className="grid gap-2" aria-describedby={methodError ? methodErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium">How should we remind you?</legend>
        <div className="flex flex-wrap gap-3">
          {METHODS.map((method) => {
            const isDisabled = method.value === "text" && !canText;
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
                  {...register("reminderMethod")}
                />
                {method.label}
              </label>
            );
          })}
        </div>
        {!canText ? (
          <p className="text-xs text-muted-foreground">
            Text messages are available for US and Canada (+1) numbers only, so we will email you.
          </p>
        ) : (
          props.methodNote
        )}
        {methodError ? (
          <p id={methodErrorId} role="alert" className="text-sm font-medium text-destructive">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Frequency"
          className={fieldClassName}
          error={errors.reminderFrequency?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register("reminderFrequency", { valueAsNumber: true })}
          />
        </Field>
        <Field label="How often" className={fieldClassName} error={errors.reminderCadence?.message}>
          <Select {...register("reminderCadence")}>
            {REMINDER_CADENCES.map((cadence) => (
              <option key={cadence} value={cadence}>
                {CADENCE_LABELS[cadence]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Reminder time"
          className={fieldClassName}
          error={errors.reminderTime?.message}
        >
          <Select {...register("reminderTime")}>
            {REMINDER_HOURS.map((hour) => (
              <option key={hour} value={String(hour)}>
                {formatHour(hour)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Time zone"
          className={fieldClassName}
          error={errors.timezone?.message}
          description={props.timeZoneDescription}
        >
          {props.timeZoneField}
        </Field>
      </div>
    </>
  );
}
