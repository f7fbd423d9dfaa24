// /reset-password?token=: choose a new password by the account-creation rules. On success every
// session of the account is signed out (the server does it) and the user signs in again.
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import type { NewPassword } from "../../../lib/auth-forms";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { toast } from "../../../lib/toast";
import { INVALID_RESET_LINK, isResetLinkValid, resetPassword } from "../api/reset-password";

const newPasswordResolver = lazyZodResolver<NewPassword>(() =>
  import("../../../lib/auth-forms").then((m) => m.NewPasswordSchema),
);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const form = useForm<NewPassword>({
    resolver: newPasswordResolver,
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const linkCheck = useQuery({
    queryKey: ["reset-link", token],
    queryFn: () => isResetLinkValid(token ?? ""),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  const isLinkDead = !token || linkCheck.data === false;

  async function save(values: NewPassword) {
    try {
      await resetPassword({ token: token ?? "", password: values.password });
      toast({
        title: "Password changed",
        description: "Sign in with your new password. Every other device was signed out.",
        variant: "success",
      });
      await navigate("/auth", { replace: true });
    } catch (error) {
      form.setError("root", {
        message: error instanceof Error ? error.message : "We couldn't change your password.",
      });
    }
  }

  return (
    <main className="mx-auto flex max-w-md px-4 py-10">
      <Card className="w-full">
        <CardHeader>
          <h1 className="text-2xl font-semibold">Choose a new password</h1>
          <CardDescription>
            After the change, every device signed in to your account is signed out.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isLinkDead ? (
            <Alert variant="destructive">{INVALID_RESET_LINK}</Alert>
          ) : linkCheck.isPending ? (
            <Spinner label="Checking your link" />
          ) : (
            <form
              noValidate
              onFocusCapture={newPasswordResolver.preload}
              onSubmit={form.handleSubmit(save)}
              className="grid gap-4"
            >
              <Field
                label="New password"
                error={errors.password?.message}
                description="At least 6 characters."
              >
                <Input type="password" autoComplete="new-password" {...form.register("password")} />
              </Field>
              <Field label="Confirm password" error={errors.confirmPassword?.message}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  {...form.register("confirmPassword")}
                />
              </Field>
              {errors.root?.message ? (
                <Alert variant="destructive">{errors.root.message}</Alert>
              ) : null}
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Saving..." : "Change password"}
              </Button>
            </form>
          )}
          {isLinkDead || errors.root?.message === INVALID_RESET_LINK ? (
            <Button asChild variant="outline">
              <Link to="/forgot-password">Ask for a new link</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
