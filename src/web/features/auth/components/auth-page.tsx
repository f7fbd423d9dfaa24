// /auth: sign in, sign up, the check-your-email panel, a relationship quote, and the messages
// of a failed verification (spec 01 §2, §4, §8).
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import {
  NO_SESSION_MESSAGE,
  VERIFICATION_MESSAGES,
  parseVerificationCategory,
} from "../lib/verification";
import { Alert } from "../../../components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { signInReturnPath } from "../../../lib/access-gating";
import { toast } from "../../../lib/toast";
import { useConfig, useTrialWording } from "../../../lib/session/get-config";
import { fetchMe, ME_QUERY_KEY, useMe } from "../../../lib/session/get-me";
import { continueWithGoogle, signInWithEmail } from "../api/sign-in";
import { AuthFlowError, signUpWithEmail } from "../api/sign-up";
import type { Credentials } from "../../../lib/auth-forms";
import { AuthForm } from "./auth-form";
import { CheckEmailPanel } from "./check-email-panel";
import { ResendVerification } from "./resend-verification";
import { findShownQuote, pickQuote, RELATIONSHIP_QUOTES } from "./quotes";

type Mode = "login" | "signup";

/** The failed verification's message, and whether a new mail could help. */
function readError(params: URLSearchParams): { message: string; isRetryable: boolean } | null {
  const error = params.get("error");
  if (!error) return null;
  if (error === "no_session") return { message: NO_SESSION_MESSAGE, isRetryable: false };
  if (error === "verification_failed")
    return VERIFICATION_MESSAGES[parseVerificationCategory(params.get("category"))];
  return VERIFICATION_MESSAGES.unknown;
}

/**
 * `subscribeButton`: starts a paid checkout (billing's, composed in app/routes/auth-route.tsx).
 * `prepareSignedInPage`: starts loading the page a sign-in leads to, once with `signedIn` false
 * when the form is sent (its code) and once with it true when the sign-in has worked (its data).
 */
export function AuthPage({
  subscribeButton,
  prepareSignedInPage,
}: {
  subscribeButton: ReactNode;
  prepareSignedInPage?: (target: string, signedIn: boolean) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as { show?: Mode };
  const [mode, setMode] = useState<Mode>(
    state.show === "signup" || params.get("show") === "signup" ? "signup" : "login",
  );
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // What was typed in the tab being left, for the tab being opened (see switchMode).
  const [carried, setCarried] = useState<Credentials>();
  const tabsRef = useRef<HTMLDivElement>(null);
  // A prerendered /auth keeps the quote it was drawn with.
  const [quote] = useState(() => findShownQuote() ?? pickQuote());
  const { data: me, isPending } = useMe();
  const { data: config } = useConfig();
  const trial = useTrialWording();
  const verificationError = readError(params);

  // Where a signed-in user goes: back to the app page that sent them here, or the contact list.
  // Fixed when the page opens: once sign-in navigates, the location (and its state) is the new
  // page's, and a render in between must not send the user to the list instead.
  // The gate sends a signed-in user on /auth to the same place (access-gating.ts).
  const [target] = useState(() => signInReturnPath(location.state) ?? "/app/contacts");

  if (isPending) return <PageSpinner />;
  if (me) return <Navigate to={target} replace />;

  // Switching between Sign in and Sign up keeps what was typed: each tab has its own form, and a
  // person who typed their email (or, before the page's code ran, clicked Sign up and typed
  // while the held click waited) expects to find it in the form they now see.
  // Read from the fields themselves, so typing the page's code has not seen yet counts too.
  function switchMode(next: Mode) {
    const form = tabsRef.current?.querySelector<HTMLFormElement>('[role="tabpanel"] form');
    if (form) {
      const typed = (name: string) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement ? field.value : "";
      };
      setCarried({ email: typed("email"), password: typed("password") });
    }
    setMode(next);
  }

  async function handleSubmit(values: Credentials) {
    try {
      if (mode === "signup") {
        await signUpWithEmail(values);
        toast({
          title: "Account created!",
          description: "Check your email to verify your account and complete setup.",
        });
        setPendingEmail(values.email);
        return;
      }
      const signingIn = signInWithEmail(values);
      prepareSignedInPage?.(target, false);
      await signingIn;
      // The session is read directly (not through the public pages' check first), while the
      // status and the page's data are read beside it.
      prepareSignedInPage?.(target, true);
      await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 });
      navigate(target, { replace: true });
    } catch (error) {
      if (error instanceof AuthFlowError && error.code === "EMAIL_NOT_VERIFIED") {
        setPendingEmail(values.email);
        return;
      }
      toast({
        title: mode === "signup" ? "Sign up failed" : "Sign in failed",
        description: error instanceof Error ? error.message : "An unexpected error occurred",
        variant: "destructive",
      });
    }
  }

  async function handleGoogle() {
    await continueWithGoogle(target);
  }

  return (
    <main className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:items-center">
      <figure
        data-quote={RELATIONSHIP_QUOTES.indexOf(quote)}
        className="order-last rounded-2xl bg-secondary p-6 text-secondary-foreground md:order-first md:p-8"
      >
        <blockquote className="font-medium leading-relaxed md:text-xl">“{quote.text}”</blockquote>
        <figcaption className="mt-2 text-sm md:mt-4">— {quote.author}</figcaption>
      </figure>
      <Card>
        {pendingEmail ? (
          <CardContent className="pt-6">
            <CheckEmailPanel
              email={pendingEmail}
              onBack={() => {
                setPendingEmail(null);
                setMode("login");
              }}
            />
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold">
                {mode === "login" ? "Welcome back" : "Create your account"}
              </h1>
              <CardDescription>
                {mode === "login"
                  ? `Sign in to keep in touch with the people who matter.`
                  : `${trial.offer} ${trial.afterTrial}`}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {verificationError ? (
                <Alert variant="destructive">{verificationError.message}</Alert>
              ) : null}
              {verificationError?.isRetryable ? (
                <ResendVerification email={params.get("email")} onSent={setPendingEmail} />
              ) : null}
              <Tabs
                value={mode}
                ref={tabsRef}
                onValueChange={(value) => switchMode(value as Mode)}
                className="grid gap-4"
              >
                <TabsList aria-label="Sign in or sign up">
                  {(["login", "signup"] as const).map((m) => (
                    <TabsTrigger key={m} value={m} className="data-[state=active]:shadow">
                      {m === "login" ? "Sign in" : "Sign up"}
                    </TabsTrigger>
                  ))}
                </TabsList>
                {(["login", "signup"] as const).map((m) => (
                  <TabsContent key={m} value={m} tabIndex={-1} className="block pt-0">
                    <AuthForm mode={m} initialValues={carried} onSubmit={handleSubmit} />
                  </TabsContent>
                ))}
              </Tabs>
              {mode === "signup" ? (
                <p className="text-center text-xs text-muted-foreground">
                  By signing up you agree to the{" "}
                  <Link to="/terms" className="underline">
                    Terms
                  </Link>{" "}
                  and the{" "}
                  <Link to="/privacy" className="underline">
                    Privacy notice
                  </Link>
                  .
                </p>
              ) : null}
              {config?.isGoogleEnabled ? (
                <Button variant="outline" onClick={handleGoogle}>
                  Continue with Google
                </Button>
              ) : null}
              <div className="grid gap-2 border-t border-border pt-4 text-center">
                <p className="text-sm text-muted-foreground">
                  Rather subscribe now? Pay first, then create your account.
                </p>
                {subscribeButton}
              </div>
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
