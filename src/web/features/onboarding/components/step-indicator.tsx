import { Check } from "lucide-react";
import { ONBOARDING_STEPS } from "../../../../core/constants";
import { cn } from "../../../lib/utils";

export const STEP_TITLES = ["Your name", "Reminders", "Phone"] as const;

// Where the user is in the three steps; the current one is marked for screen readers. A phone
// is too narrow for three names side by side: it names the current step beside the count.
export function StepIndicator({ step }: { step: number }) {
  return (
    <nav aria-label="Onboarding progress" className="grid gap-2">
      <p className="text-sm font-medium text-muted-foreground">
        Step {step} of {ONBOARDING_STEPS}
        <span aria-hidden className="sm:hidden">
          : {STEP_TITLES[step - 1]}
        </span>
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const isDone = number < step;
          const isCurrent = number === step;
          return (
            <li
              key={title}
              aria-current={isCurrent ? "step" : undefined}
              className="flex min-w-0 flex-col items-start gap-1 text-sm sm:flex-row sm:items-center sm:gap-2"
            >
              <span
                aria-hidden
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                  isCurrent && "border-primary bg-primary text-primary-foreground",
                  isDone && "border-primary text-primary",
                  !isCurrent && !isDone && "border-border text-muted-foreground",
                )}
              >
                {isDone ? <Check className="size-4" /> : number}
              </span>
              <span
                className={cn(
                  "sr-only sm:not-sr-only",
                  isCurrent ? "font-semibold" : "text-muted-foreground",
                )}
              >
                <span className="sr-only">{`Step ${number}: `}</span>
                {title}
                {isDone ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
