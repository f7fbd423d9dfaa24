// A new confirmation mail after a verification that failed for a reason a new try can fix
// (spec 01 §8 marks network, server and unknown as retryable). The address comes from the
// failed link; without it, the person types it.
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import type { ForgotPassword } from "../../../lib/auth-forms";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { resendConfirmationWithToast } from "../api/sign-up";

const emailResolver = lazyZodResolver<ForgotPassword>(() =>
  import("../../../lib/auth-forms").then((m) => m.ForgotPasswordSchema),
);

export function ResendVerification(props: {
  email: string | null;
  onSent: (email: string) => void;
}) {
  const form = useForm<ForgotPassword>({
    resolver: emailResolver,
    defaultValues: { email: props.email ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function send({ email }: ForgotPassword) {
    if (await resendConfirmationWithToast({ email })) props.onSent(email);
  }

  return (
    <form
      noValidate
      aria-label="Get a new confirmation email"
      onFocusCapture={emailResolver.preload}
      onSubmit={form.handleSubmit(send)}
      className="grid gap-2"
    >
      {props.email ? null : (
        <Field label="Your email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </Field>
      )}
      <Button type="submit" variant="outline" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Resend the email"}
      </Button>
    </form>
  );
}
