import { type UseFormReturn } from "react-hook-form";
import { type OnboardingFormInput, type OnboardingFormValues } from "../../../../core/onboarding";
import { ReminderScheduleFields } from "../../../components/reminder-schedule-fields";
import { TimeZoneField } from "../../../components/time-zone-picker";

type Form = UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues>;

export function StepReminders(props: { form: Form; isTextAllowed: boolean }) {
  const { form, isTextAllowed } = props;
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <ReminderScheduleFields
        register={(name, options) => form.register(name, options)}
        errors={errors}
        canText={isTextAllowed}
        timeZoneField={<TimeZoneField control={form.control} name="timezone" />}
      />
    </div>
  );
}
