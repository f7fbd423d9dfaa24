// /forgot-password: asks for a reset link. The answer never says whether the address has an
// account: the same "check your email" panel shows either way.
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import type { ForgotPassword } from "../../../lib/auth-forms";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { requestPasswordReset } from "../api/reset-password";

const forgotPasswordResolver = lazyZodResolver<ForgotPassword>(() =>
  import("../../../lib/auth-forms").then((m) => m.ForgotPasswordSchema),
);

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPassword>({
    resolver: forgotPasswordResolver,
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function send(values: ForgotPassword) {
    try {
      await requestPasswordReset(values.email);
      setSentTo(values.email);
    } catch (error) {
      form.setError("root", {
        message: error instanceof Error ? error.message : "We couldn't send the email.",
      });
    }
  }

  return (
    <main className="mx-auto flex max-w-md px-4 py-10">
      <Card className="w-full">
        {sentTo ? (
          <CardContent className="grid gap-4 pt-6 text-center">
            <MailCheck className="mx-auto size-12 text-primary" aria-hidden />
            <h1 className="text-xl font-semibold">Check your email</h1>
            <p className="text-sm text-muted-foreground">
              If an account uses <strong className="break-all">{sentTo}</strong>, we sent it a link
              to choose a new password. The link works once, for 1 hour.
            </p>
            <Button asChild variant="outline">
              <Link to="/auth">Back to sign in</Link>
            </Button>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold">Forgot your password?</h1>
              <CardDescription>
                Enter the email you signed up with and we will send you a link to choose a new
                password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form
                noValidate
                onFocusCapture={forgotPasswordResolver.preload}
                onSubmit={form.handleSubmit(send)}
                className="grid gap-4"
              >
                <Field label="Email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" {...form.register("email")} />
                </Field>
                {errors.root?.message ? (
                  <Alert variant="destructive">{errors.root.message}</Alert>
                ) : null}
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? "Sending..." : "Send reset link"}
                </Button>
                <Button asChild variant="ghost">
                  <Link to="/auth">Back to sign in</Link>
                </Button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
