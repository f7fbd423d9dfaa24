// The Business tier waitlist (spec 01 §5): nothing is sent without an at-sign; a thank-you shows
// for 3 s, also when saving failed (the visitor can do nothing about our failure).
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { WAITLIST_THANKS_MS } from "../../../../core/constants";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { joinWaitlist } from "../api/join-waitlist";

export const WAITLIST_THANKS = "Thank you! You've been added to our waitlist.";

export function WaitlistForm() {
  // No default value: on the landing page the form hydrates on first use, and
  // react-hook-form then takes what was typed from the field instead of clearing it.
  const form = useForm<{ email: string }>();
  const error = form.formState.errors.email?.message;
  const isSending = form.formState.isSubmitting;
  const [isThanking, setIsThanking] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!isThanking) return;
    const timer = setTimeout(() => setIsThanking(false), WAITLIST_THANKS_MS);
    return () => clearTimeout(timer);
  }, [isThanking]);

  const submit = form.handleSubmit(async ({ email }) => {
    await joinWaitlist(email).catch(() => undefined);
    form.reset({ email: "" });
    setIsThanking(true);
  });

  return (
    <form
      // Sent natively only before a prerendered page's code runs: see auth-form.
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-2"
      aria-label="Join the Business waitlist"
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Work email
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...form.register("email", {
            validate: (value) => value.includes("@") || "Please enter an email address with an @.",
          })}
        />
        <Button type="submit" variant="outline" disabled={isSending}>
          Join the waitlist
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <p role="status" className="min-h-5 text-sm font-medium text-success">
        {isThanking ? WAITLIST_THANKS : ""}
      </p>
    </form>
  );
}
