// The onboarding form's schema, and the step check built on it, loaded when first needed (the
// form's first focus, or a verified return that may skip a filled-in step), not with the page.
// A module of its own: the page imports core/onboarding for its helpers, and a
// schema used from there would bring zod into the page's first paint.
import { ONBOARDING_STEP_FIELDS, type OnboardingFormInput } from "../../../../core/onboarding";
import { OnboardingFormSchema } from "../../../../core/onboarding-schemas";

export { OnboardingFormSchema };

// Whether a step's fields already pass (used to auto-advance after a verified sign-in).
export function isStepComplete(step: number, values: OnboardingFormInput): boolean {
  const fields = ONBOARDING_STEP_FIELDS[step as keyof typeof ONBOARDING_STEP_FIELDS];
  if (!fields) return false;
  const result = OnboardingFormSchema.safeParse(values);
  if (result.success) return true;
  const names = fields as readonly string[];
  return !result.error.issues.some((issue) => names.includes(String(issue.path[0])));
}
