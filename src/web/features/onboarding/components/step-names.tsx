import type { UseFormReturn } from "react-hook-form";
import type { OnboardingFormInput, OnboardingFormValues } from "../../../../core/onboarding";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";

type Form = UseFormReturn<OnboardingFormInput, unknown, OnboardingFormValues>;

export function StepNames({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...form.register("firstName")} />
      </Field>
      <Field label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...form.register("lastName")} />
      </Field>
    </div>
  );
}
