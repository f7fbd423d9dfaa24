// Settings → Reminders: how, how often, when and in which zone; the next reminder as the user
// will see it on their own clock; whether a channel is paused; a test send and the delivery log.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { REMINDER_CADENCES } from "../../../../core/constants";
import {
  isTextAllowed,
  parseReminderHour,
  REMINDER_TIME_CHOICES,
  type ReminderCadence,
} from "../../../../core/onboarding";
import {
  describeReminderSchedule,
  formatInTimeZone,
  ReminderSettingsInputSchema,
  type ReminderSettings,
  type ReminderSettingsInput,
  type ReminderSettingsValues,
} from "../../../../core/settings";
import { TimeZoneField } from "../../../components/time-zone-picker";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import { lateValues } from "../../../lib/late-values";
import { cn } from "../../../lib/utils";
import { useUpdateReminderSettings } from "../api/update-reminder-settings";
import { ReminderChannelStatus } from "./reminder-channel-status";
import { ReminderDeliveries } from "./reminder-deliveries";
import { toastSettingFailed, toastSettingUpdated } from "./settings-toasts";

const CADENCE_LABELS: Record<ReminderCadence, string> = {
  days: "Days",
  weeks: "Weeks",
  as_needed: "As needed",
};

const METHODS = [
  { value: "email", label: "Email" },
  { value: "text", label: "Text message" },
] as const;

function toFormValues(saved: ReminderSettings): ReminderSettingsInput {
  return {
    reminderMethod: saved.reminderMethod,
    reminderFrequency: saved.reminderFrequency,
    reminderCadence: saved.reminderCadence,
    reminderTime: saved.reminderTime,
    timezone: saved.timezone,
  };
}

export function RemindersCard(props: {
  saved: ReminderSettings;
  email: string;
  phoneNumber: string | null;
  isPhoneVerified: boolean;
}) {
  const { saved, email, phoneNumber, isPhoneVerified } = props;
  const update = useUpdateReminderSettings();
  const form = useForm<ReminderSettingsInput, unknown, ReminderSettingsValues>({
    resolver: zodResolver(ReminderSettingsInputSchema),
    // Follows the saved values (after a save, or another tab's) in the fields not being edited.
    ...lateValues(toFormValues(saved)),
  });
  const { errors, isDirty } = form.formState;
  const method = useWatch({ control: form.control, name: "reminderMethod" });
  const canText = isTextAllowed(phoneNumber);

  async function save(values: ReminderSettingsValues) {
    try {
      await update.mutateAsync(values);
      toastSettingUpdated();
    } catch (error) {
      showServerErrors(form.setError, error, { fallback: "", rest: "none" });
      toastSettingFailed();
    }
  }

  const methodError = errors.reminderMethod?.message;
  const schedule = describeReminderSchedule({
    frequency: saved.reminderFrequency,
    cadence: saved.reminderCadence,
    hour: parseReminderHour(saved.reminderTime),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          One message with everyone who is due, by email or text message.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-1 rounded-lg border border-border p-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Schedule</dt>
          <dd>
            {schedule} by {saved.reminderMethod === "text" ? "text message" : "email"}
          </dd>
          <dt className="text-muted-foreground">Next reminder</dt>
          <dd data-testid="next-reminder">
            {saved.nextScheduledAt
              ? formatInTimeZone(saved.nextScheduledAt, saved.timezone)
              : "Not scheduled yet. Save your preferences to schedule it."}
          </dd>
        </dl>
        <ReminderChannelStatus timeZone={saved.timezone} />
        <form
          noValidate
          className="grid gap-5"
          aria-busy={update.isPending}
          onSubmit={(event) => void form.handleSubmit(save)(event)}
        >
          <fieldset
            className="grid gap-2"
            aria-describedby={methodError ? "reminder-method-error" : undefined}
          >
            <legend className="mb-2 text-sm font-medium">How should we remind you?</legend>
            <div className="flex flex-wrap gap-3">
              {METHODS.map((option) => {
                const isDisabled = option.value === "text" && !canText;
                return (
                  <label
                    key={option.value}
                    className={cn(
                      "flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm",
                      "has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      isDisabled && "opacity-60",
                    )}
                  >
                    <input
                      type="radio"
                      value={option.value}
                      disabled={isDisabled}
                      className="accent-[var(--primary)]"
                      {...form.register("reminderMethod")}
                    />
                    {option.label}
                  </label>
                );
              })}
            </div>
            {!canText ? (
              <p className="text-xs text-muted-foreground">
                Text messages are available for US and Canada (+1) numbers only, so we will email
                you.
              </p>
            ) : method === "text" && (!phoneNumber || !isPhoneVerified) ? (
              <p className="text-xs text-muted-foreground">
                Text reminders go to your verified phone number: add and verify it below.
              </p>
            ) : null}
            {methodError ? (
              <p
                id="reminder-method-error"
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {methodError}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Frequency"
              className="grid content-start gap-2"
              error={errors.reminderFrequency?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...form.register("reminderFrequency", { valueAsNumber: true })}
              />
            </Field>
            <Field
              label="How often"
              className="grid content-start gap-2"
              error={errors.reminderCadence?.message}
            >
              <Select {...form.register("reminderCadence")}>
                {REMINDER_CADENCES.map((cadence) => (
                  <option key={cadence} value={cadence}>
                    {CADENCE_LABELS[cadence]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Reminder time"
              className="grid content-start gap-2"
              error={errors.reminderTime?.message}
            >
              <Select {...form.register("reminderTime")}>
                {REMINDER_TIME_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Time zone"
              className="grid content-start gap-2"
              error={errors.timezone?.message}
              description="Contacts' due days follow this zone too."
            >
              <TimeZoneField control={form.control} name="timezone" />
            </Field>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save reminders"}
            </Button>
            {isDirty && !update.isPending ? (
              <Button type="button" variant="ghost" onClick={() => form.reset(toFormValues(saved))}>
                Discard changes
              </Button>
            ) : null}
          </div>
        </form>
        <ReminderDeliveries timeZone={saved.timezone} email={email} phoneNumber={phoneNumber} />
      </CardContent>
    </Card>
  );
}
