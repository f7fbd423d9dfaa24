import type { UseFormReturn } from "react-hook-form";
import {
  keepPhoneCharacters,
  PHONE_COUNTRY_CODE,
  PHONE_COUNTRY_LABEL,
  type OnboardingFormInput,
  type OnboardingFormValues,
} from "../../../../core/onboarding";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";

type Form = UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues>;

export function StepPhone(props: { form: Form; keptPhone: string | null }) {
  const { form, keptPhone } = props;
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Optional. Add a mobile number to get reminders by text message. We will send a code to
        verify it.
      </p>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label="Country code">
          <Select defaultValue={PHONE_COUNTRY_CODE}>
            <option value={PHONE_COUNTRY_CODE}>{PHONE_COUNTRY_LABEL}</option>
          </Select>
        </Field>
        <Field
          label="Phone number"
          error={errors.phone?.message}
          description="Digits only, for example 4155550123."
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            {...form.register("phone", {
              // Only digits are kept (spec 01 §5), after a typed "+" and its country code.
              setValueAs: (value: string) => keepPhoneCharacters(value),
              onChange: (event: { target: HTMLInputElement }) => {
                const kept = keepPhoneCharacters(event.target.value);
                if (kept !== event.target.value) event.target.value = kept;
              },
            })}
          />
        </Field>
      </div>
      {keptPhone ? (
        <p className="text-sm text-muted-foreground">
          Your saved number {keptPhone} stays unless you enter a new one or skip.
        </p>
      ) : null}
    </div>
  );
}
