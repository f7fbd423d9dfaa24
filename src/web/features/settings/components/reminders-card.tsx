// Settings → Reminders: how, how often, when and in which zone; the next reminder as the user
// will see it on their own clock; whether a channel is paused; a test send and the delivery log.
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { isTextAllowed, parseReminderHour } from "../../../../core/onboarding";
import {
  describeReminderSchedule,
  type ReminderSettings,
  type ReminderSettingsInput,
  type ReminderSettingsValues,
} from "../../../../core/settings";
import { ReminderScheduleFields } from "../../../components/reminder-schedule-fields";
import { formatDateTime, formatHour } from "../../../lib/format-date";
import { TimeZoneField } from "../../../components/time-zone-picker";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { showServerErrors } from "../../../lib/form-errors";
import { lateValues } from "../../../lib/late-values";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useUpdateReminderSettings } from "../api/update-reminder-settings";
import { ReminderChannelStatus } from "./reminder-channel-status";
import { ReminderDeliveries } from "./reminder-deliveries";
import { toastSettingFailed, toastSettingUpdated } from "./settings-toasts";

function toFormValues(saved: ReminderSettings): ReminderSettingsInput {
  return {
    reminderMethod: saved.reminderMethod,
    reminderFrequency: saved.reminderFrequency,
    reminderCadence: saved.reminderCadence,
    reminderTime: saved.reminderTime,
    timezone: saved.timezone,
  };
}

// The schema loads on the card's first focus, not with the page; a save before then waits for it.
const remindersResolver = lazyZodResolver<ReminderSettingsInput>(() =>
  import("../lib/reminder-settings-schema").then((m) => m.ReminderSettingsInputSchema),
);

export function RemindersCard(props: {
  saved: ReminderSettings;
  email: string;
  phoneNumber: string | null;
  isPhoneVerified: boolean;
}) {
  const { saved, email, phoneNumber, isPhoneVerified } = props;
  const update = useUpdateReminderSettings();
  const form = useForm<ReminderSettingsInput, unknown, ReminderSettingsValues>({
    resolver: remindersResolver as unknown as Resolver<
      ReminderSettingsInput,
      unknown,
      ReminderSettingsValues
    >,
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

  const schedule = describeReminderSchedule({
    frequency: saved.reminderFrequency,
    cadence: saved.reminderCadence,
    time: formatHour(parseReminderHour(saved.reminderTime)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          One message with everyone who is due, by email or text message. To get it in a chat app or
          as a push notification too, connect one under Chat and push reminders.
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
              ? formatDateTime(saved.nextScheduledAt, { timeZone: saved.timezone, withZone: true })
              : "Not scheduled yet. Save your preferences to schedule it."}
          </dd>
        </dl>
        <ReminderChannelStatus timeZone={saved.timezone} />
        <form
          noValidate
          onFocusCapture={remindersResolver.preload}
          className="grid gap-5"
          aria-busy={update.isPending}
          onSubmit={(event) => void form.handleSubmit(save)(event)}
        >
          <ReminderScheduleFields
            register={(name, options) => form.register(name, options)}
            errors={errors}
            canText={canText}
            methodNote={
              method === "text" && (!phoneNumber || !isPhoneVerified) ? (
                <p className="text-xs text-muted-foreground">
                  Text reminders go to your verified phone number: add and verify it below.
                </p>
              ) : null
            }
            timeZoneField={<TimeZoneField control={form.control} name="timezone" />}
            timeZoneDescription="Contacts' due days follow this zone too."
            fieldClassName="grid content-start gap-2"
          />
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
