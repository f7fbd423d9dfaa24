import { ArrowLeft, ArrowRight } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { ONBOARDING_STEPS } from "../../../../core/constants";
import {
  isTextAllowed,
  ONBOARDING_STEP_FIELDS,
  resolveReminderMethod,
  toInternationalPhone,
  type OnboardingFormInput,
  type OnboardingFormValues,
} from "../../../../core/onboarding";
import { Button } from "../../../components/ui/button";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useFinishOnboarding } from "../hooks/use-finish-onboarding";
import { StepIndicator } from "./step-indicator";
import { StepNames } from "./step-names";
import { StepPhone } from "./step-phone";
import { StepReminders } from "./step-reminders";

// The schema loads on the form's first focus; a step's Next or the final submit waits for it.
const onboardingResolver = lazyZodResolver<OnboardingFormInput>(() =>
  import("../lib/onboarding-schema").then((m) => m.OnboardingFormSchema),
);

const STEP_HEADINGS = ["What's your name?", "Reminder preferences", "Your phone number"];
type StepNumber = keyof typeof ONBOARDING_STEP_FIELDS;

function stepOf(field: string): StepNumber {
  const name = field === "phoneNumber" ? "phone" : field;
  for (const step of [1, 2, 3] as const) {
    if ((ONBOARDING_STEP_FIELDS[step] as readonly string[]).includes(name)) return step;
  }
  return 1;
}

export function OnboardingForm(props: {
  appName: string;
  defaults: OnboardingFormInput;
  startStep: number;
  /** A saved number the +1-only field cannot show; kept unless replaced or skipped. */
  keptPhone: string | null;
}) {
  const form = useForm<OnboardingFormInput, unknown, OnboardingFormValues>({
    resolver: onboardingResolver as unknown as Resolver<
      OnboardingFormInput,
      unknown,
      OnboardingFormValues
    >,
    defaultValues: props.defaults,
  });
  const [step, setStep] = useState(props.startStep);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasMoved = useRef(false);
  const { finish, isFinishing } = useFinishOnboarding({ appName: props.appName });
  const typedPhone = useWatch({ control: form.control, name: "phone" }) ?? "";
  const phoneDigits = typedPhone.replace(/\D/g, "");
  const effectivePhone = phoneDigits ? toInternationalPhone(typedPhone) : props.keptPhone;

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (hasMoved.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: number) {
    hasMoved.current = true;
    setStep(Math.min(Math.max(next, 1), ONBOARDING_STEPS));
  }

  async function goNext() {
    const fields = [...ONBOARDING_STEP_FIELDS[step as StepNumber]];
    if (await form.trigger(fields, { shouldFocus: true })) goTo(step + 1);
  }

  function showErrorsFrom(fields: string[]) {
    if (fields.length > 0) goTo(Math.min(...fields.map(stepOf)));
  }

  async function submit(values: OnboardingFormValues, isSkipped: boolean) {
    const digits = values.phone.replace(/\D/g, "");
    const phoneNumber = isSkipped
      ? null
      : digits
        ? toInternationalPhone(values.phone)
        : props.keptPhone
          ? undefined
          : null;
    const failure = await finish({
      firstName: values.firstName,
      lastName: values.lastName,
      timezone: values.timezone,
      reminderFrequency: values.reminderFrequency,
      reminderCadence: values.reminderCadence,
      reminderTime: values.reminderTime,
      reminderMethod: resolveReminderMethod(
        values.reminderMethod,
        phoneNumber === undefined ? props.keptPhone : phoneNumber,
      ),
      phoneNumber,
    });
    if (failure?.fields) {
      for (const [field, message] of Object.entries(failure.fields)) {
        const name = (field === "phoneNumber" ? "phone" : field) as keyof OnboardingFormInput;
        form.setError(name, { message });
      }
      showErrorsFrom(Object.keys(failure.fields));
    }
  }

  function onInvalid(errors: FieldErrors<OnboardingFormInput>) {
    showErrorsFrom(Object.keys(errors));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < ONBOARDING_STEPS) void goNext();
    else void form.handleSubmit((values) => submit(values, false), onInvalid)();
  }

  function skipPhone() {
    form.setValue("phone", "");
    form.clearErrors("phone");
    void form.handleSubmit((values) => submit(values, true), onInvalid)();
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={onboardingResolver.preload}
      className="grid gap-6"
      aria-busy={isFinishing}
    >
      <StepIndicator step={step} />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {STEP_HEADINGS[step - 1]}
      </h2>
      {step === 1 ? <StepNames form={form} /> : null}
      {step === 2 ? (
        <StepReminders form={form} isTextAllowed={isTextAllowed(effectivePhone)} />
      ) : null}
      {step === 3 ? (
        <StepPhone form={form} keptPhone={phoneDigits ? null : props.keptPhone} />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {step > 1 ? (
          <Button variant="outline" onClick={() => goTo(step - 1)} disabled={isFinishing}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-3">
          {step === ONBOARDING_STEPS ? (
            <Button variant="ghost" onClick={skipPhone} disabled={isFinishing}>
              Skip for now
            </Button>
          ) : null}
          <Button type="submit" disabled={isFinishing}>
            {step < ONBOARDING_STEPS ? (
              <>
                Next
                <ArrowRight aria-hidden />
              </>
            ) : isFinishing ? (
              "Completing..."
            ) : (
              "Complete Setup"
            )}
          </Button>
        </div>
      </div>
    </form>
  );
}
