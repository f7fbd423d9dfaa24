// /app/onboarding (spec 01 §4–5, spec 02 §2 and §4): three steps (names, reminder preferences,
// phone), with from, initialStep and disableAutoAdvance, and the return from sign-on links.
import { CheckCircle2, LogOut } from "lucide-react";
import { Suspense, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ONBOARDING_STEPS } from "../../../../core/constants";
import { parseInitialStep } from "../../../../core/onboarding";
import { Logo } from "../../../components/layout/logo";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { lazyModule } from "../../../lib/lazy";
import { useProductName } from "../../../lib/session/get-config";
import { useMe } from "../../../lib/session/get-me";
import { useSignOut } from "../../../lib/session/sign-out";
import { useOnboarding } from "../api/get-onboarding";
import { hasAuthReturnParams, useSessionReturn } from "../hooks/use-session-return";
import { browserTimeZone, buildFormStart, type FormStart } from "./onboarding-defaults";
import { OnboardingForm } from "./onboarding-form";

// Whether the first step is already filled in needs the form's schema, which is not part of the
// page's first paint: only a verified return that may skip it waits for it.
const onboardingSchema = lazyModule(() => import("../lib/onboarding-schema"));

function OnboardingFormAtStep(props: {
  appName: string;
  start: FormStart;
  initialStep: number;
  isSkippingFilledStep: boolean;
}) {
  const { start, initialStep } = props;
  const startStep = props.isSkippingFilledStep
    ? initialStep +
      (onboardingSchema.useModule().isStepComplete(initialStep, start.defaults) ? 1 : 0)
    : initialStep;
  return (
    <OnboardingForm
      appName={props.appName}
      defaults={start.defaults}
      keptPhone={start.keptPhone}
      startStep={startStep}
    />
  );
}

export function OnboardingPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const appName = useProductName();
  const [isReturning] = useState(() => hasAuthReturnParams(location.search, location.hash));
  const session = useSessionReturn(isReturning);
  const { data: me, isPending: isMePending } = useMe();
  const onboarding = useOnboarding({ enabled: Boolean(me) });
  const [browserZone] = useState(browserTimeZone);
  const isAutoAdvanceOff = ["1", "true"].includes(params.get("disableAutoAdvance") ?? "");
  const initialStep = parseInitialStep(params.get("initialStep"));

  const start = useMemo(
    () => (onboarding.data ? buildFormStart(onboarding.data, browserZone) : null),
    [onboarding.data, browserZone],
  );
  // After a verified sign-on, skip ahead past a step that is already filled in.
  const isVerifiedReturn = session.status === "signed-in" && session.emailVerified;
  const isSkippingFilledStep =
    isVerifiedReturn && !isAutoAdvanceOff && initialStep < ONBOARDING_STEPS;

  let body;
  if (session.status === "polling" || (isMePending && !me)) {
    body = <PageSpinner label="Checking your sign-in" />;
  } else if (!me) {
    body = (
      <Alert variant="destructive" className="grid gap-3">
        <p>You must be logged in to complete onboarding</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/auth">Go to sign in</Link>
        </Button>
      </Alert>
    );
  } else if (onboarding.isError) {
    body = (
      <Alert variant="destructive" className="grid gap-3">
        <p>We couldn&apos;t load your details. Check your connection and try again.</p>
        <Button variant="outline" className="w-fit" onClick={() => void onboarding.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!start || !onboarding.data) {
    body = <PageSpinner label="Loading your details" />;
  } else {
    body = (
      <>
        <EmailStatus
          email={onboarding.data.email}
          isVerified={onboarding.data.emailVerified}
          isFromVerification={params.get("from") === "verification"}
        />
        <Suspense fallback={<PageSpinner label="Loading your details" />}>
          <OnboardingFormAtStep
            appName={appName}
            start={start}
            initialStep={initialStep}
            isSkippingFilledStep={isSkippingFilledStep}
          />
        </Suspense>
      </>
    );
  }

  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-2xl items-center justify-between gap-4 px-4">
          <Logo to="/app/onboarding" />
          {me ? <SignOutButton /> : null}
        </div>
      </header>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
        <div className="grid gap-2 text-center">
          <h1 className="text-3xl font-bold">Welcome to {appName}</h1>
          <p className="text-muted-foreground">
            Let&apos;s set up your profile and preferences to get started.
          </p>
        </div>
        <Card>
          <CardContent className="grid gap-6 pt-6">{body}</CardContent>
        </Card>
      </main>
    </div>
  );
}

function EmailStatus(props: { email: string; isVerified: boolean; isFromVerification: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      {props.isFromVerification ? (
        <CheckCircle2 className="size-4 text-success" aria-hidden />
      ) : null}
      <span>
        Signed in as <span className="font-medium text-foreground">{props.email}</span>
      </span>
      {props.isVerified ? <Badge variant="success">Email verified</Badge> : null}
    </div>
  );
}

function SignOutButton() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, { onSuccess: () => void navigate("/auth", { replace: true }) })
      }
    >
      <LogOut aria-hidden />
      Sign out
    </Button>
  );
}
