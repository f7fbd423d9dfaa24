// /account-creation?session_id= (spec 01 §2, §5): create the account after paying. The checkout
// session id travels into the verification link, so verifying links the paid subscription.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { AUTH_SIGNUP_PATH } from "../../../core/app-paths";
import { FINISH_ACCOUNT_LINK_DAYS } from "../../../core/billing";
import type { AccountCreation } from "../../lib/auth-forms";
import { lazyZodResolver } from "../../lib/lazy-resolver";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PageSpinner } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { useConfig, useProductName } from "../../lib/session/get-config";
import { useMe } from "../../lib/session/get-me";
import { continueWithGoogle } from "../../features/auth/api/sign-in";
import { signUpWithEmail } from "../../features/auth/api/sign-up";
import { CheckEmailPanel } from "../../features/auth/components/check-email-panel";
import { useCheckoutSummary } from "../../features/billing/api/get-checkout-summary";
import { storePendingSessionId } from "../../features/billing/hooks/pending-session";
import { lateValues } from "../../lib/late-values";

export const NO_SESSION_MESSAGE = "No subscription session found. Please subscribe first.";

const EMPTY_ACCOUNT: AccountCreation = { email: "", password: "", confirmPassword: "" };

const accountCreationResolver = lazyZodResolver<AccountCreation>(() =>
  import("../../lib/auth-forms").then((m) => m.AccountCreationSchema),
);

export function AccountCreationPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const navigate = useNavigate();
  const { data: me, isPending } = useMe();
  const { data: config } = useConfig();
  const productName = useProductName();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // The email paid with arrives after the form renders; a typed one wins.
  const summary = useCheckoutSummary(sessionId);
  const paidEmail = summary.data ? (summary.data.email ?? "") : undefined;
  const form = useForm<AccountCreation>({
    resolver: accountCreationResolver,
    defaultValues: EMPTY_ACCOUNT,
    ...lateValues(paidEmail === undefined ? undefined : { ...EMPTY_ACCOUNT, email: paidEmail }),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (sessionId) return;
    toast({ title: NO_SESSION_MESSAGE, variant: "destructive" });
    void navigate("/subscribe", { replace: true });
  }, [navigate, sessionId]);

  if (!sessionId || isPending) return <PageSpinner />;
  // Already signed in: link the payment to this account instead.
  if (me)
    return <Navigate to={`/payment-success?session_id=${encodeURIComponent(sessionId)}`} replace />;

  async function createAccount(values: AccountCreation) {
    try {
      await signUpWithEmail({ email: values.email, password: values.password, sessionId });
      toast({
        title: "Account created!",
        description: "Check your email to verify your account and complete setup.",
      });
      setPendingEmail(values.email);
    } catch (error) {
      toast({
        title: "Sign up failed",
        description: error instanceof Error ? error.message : "An unexpected error occurred",
        variant: "destructive",
      });
    }
  }

  async function handleGoogle() {
    if (sessionId) storePendingSessionId(sessionId);
    await continueWithGoogle("/app/onboarding");
  }

  return (
    <main className="mx-auto flex max-w-md px-4 py-10">
      <Card className="w-full">
        {summary.data?.isLinked && !pendingEmail ? (
          <CardContent className="grid gap-4 pt-6">
            <h1 className="text-2xl font-semibold">Your account is ready</h1>
            <p className="text-muted-foreground">
              This payment is already linked to an account. Sign in to continue.
            </p>
            <Button asChild>
              <Link to="/auth">Sign in</Link>
            </Button>
          </CardContent>
        ) : summary.data?.isExpired && !pendingEmail ? (
          <CardContent className="grid gap-4 pt-6">
            <h1 className="text-2xl font-semibold">This link has expired</h1>
            <p className="text-muted-foreground">
              Sign up with the email you paid with
              {summary.data.email ? (
                <>
                  {" "}
                  (<strong className="break-all">{summary.data.email}</strong>)
                </>
              ) : null}{" "}
              and your subscription is linked to the new account.
            </p>
            <Button asChild>
              <Link to={AUTH_SIGNUP_PATH} state={{ show: "signup" }}>
                Sign up
              </Link>
            </Button>
          </CardContent>
        ) : pendingEmail ? (
          <CardContent className="pt-6">
            <CheckEmailPanel
              email={pendingEmail}
              sessionId={sessionId}
              onBack={() => setPendingEmail(null)}
            />
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold">Create your account</h1>
              <CardDescription>
                Thank you for subscribing! Create your account to start using {productName}.
              </CardDescription>
              {summary.data?.isPaid && summary.data.email ? (
                <p className="text-sm text-muted-foreground">
                  We also emailed <strong className="break-all">{summary.data.email}</strong> a link
                  back to this page, in case you need to finish later. It works for{" "}
                  {FINISH_ACCOUNT_LINK_DAYS} days.
                </p>
              ) : null}
            </CardHeader>
            <CardContent className="grid gap-4">
              <form
                noValidate
                onFocusCapture={accountCreationResolver.preload}
                onSubmit={form.handleSubmit(createAccount)}
                className="grid gap-4"
              >
                <Field label="Email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" {...form.register("email")} />
                </Field>
                <Field
                  label="Password"
                  error={errors.password?.message}
                  description="At least 6 characters."
                >
                  <Input
                    type="password"
                    autoComplete="new-password"
                    {...form.register("password")}
                  />
                </Field>
                <Field label="Confirm password" error={errors.confirmPassword?.message}>
                  <Input
                    type="password"
                    autoComplete="new-password"
                    {...form.register("confirmPassword")}
                  />
                </Field>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? "Creating account..." : "Create account"}
                </Button>
              </form>
              {config?.isGoogleEnabled ? (
                <Button variant="outline" onClick={handleGoogle}>
                  Continue with Google
                </Button>
              ) : null}
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
