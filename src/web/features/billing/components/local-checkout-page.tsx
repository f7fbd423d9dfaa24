// /checkout?session_id= (BILLING_PROVIDER=local): our stand-in for a hosted checkout page. It
// takes an email and a test card and returns to /payment-success like Stripe would; Cancel
// returns to /subscribe. No money moves.
import { CreditCard, Lock } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../../../core/constants";
import { TEST_CARD_NUMBER, type LocalPaymentBody } from "../../../../core/test-card";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { formatCardNumber, formatExpiry, reformatInput } from "../../../lib/card-format";
import { showServerErrors } from "../../../lib/form-errors";
import { lateValues } from "../../../lib/late-values";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useProductName } from "../../../lib/session/get-config";
import { payLocalCheckout, useLocalCheckout } from "../api/local-checkout";

function successUrl(sessionId: string): string {
  return `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
}

function inputTypeOf(event: Event): string | undefined {
  return event instanceof InputEvent ? event.inputType : undefined;
}

// The card rules' schema (and zod) load when the form is first used.
const paymentResolver = lazyZodResolver<LocalPaymentBody>(() =>
  import("../../../../core/test-card-schema").then((m) => m.LocalPaymentBodySchema),
);

const EMPTY_PAYMENT: LocalPaymentBody = { email: "", cardNumber: "", expiry: "", cvc: "" };

/** Shown at once; the session's email fills the field when it arrives unless one was typed. */
function PaymentForm({
  sessionId,
  email,
}: {
  sessionId: string;
  email: string | null | undefined;
}) {
  const navigate = useNavigate();
  const form = useForm<LocalPaymentBody>({
    resolver: paymentResolver,
    defaultValues: EMPTY_PAYMENT,
    ...lateValues(email === undefined ? undefined : { ...EMPTY_PAYMENT, email: email ?? "" }),
  });
  const { errors, isSubmitting } = form.formState;
  const cardNumber = form.register("cardNumber");
  const expiry = form.register("expiry");

  async function pay(values: LocalPaymentBody) {
    try {
      const { redirectUrl } = await payLocalCheckout(sessionId, values);
      await navigate(redirectUrl, { replace: true });
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "The payment did not go through.",
        knownFields: ["email", "cardNumber", "expiry", "cvc"],
      });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(pay)}
      onFocusCapture={paymentResolver.preload}
      className="grid grid-cols-1 gap-4"
    >
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field
        label="Card number"
        error={errors.cardNumber?.message}
        description={`Test card: ${TEST_CARD_NUMBER}, any future date, any CVC.`}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          {...cardNumber}
          onChange={(event) => {
            reformatInput(event.target, formatCardNumber, inputTypeOf(event.nativeEvent));
            return cardNumber.onChange(event);
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            {...expiry}
            onChange={(event) => {
              reformatInput(event.target, formatExpiry, inputTypeOf(event.nativeEvent));
              return expiry.onChange(event);
            }}
          />
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            {...form.register("cvc")}
          />
        </Field>
      </div>
      {errors.root?.message ? <Alert variant="destructive">{errors.root.message}</Alert> : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        <Lock aria-hidden />
        {isSubmitting ? "Processing..." : `Pay $${PLAN_PRICE_USD}.00 and subscribe`}
      </Button>
      <Button asChild variant="ghost">
        <Link to="/subscribe">Cancel and go back</Link>
      </Button>
    </form>
  );
}

export function LocalCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const navigate = useNavigate();
  const productName = useProductName();
  const { data: session, isPending, error } = useLocalCheckout(sessionId);
  const isDone = session?.status === "paid" || session?.status === "complete";

  useEffect(() => {
    if (sessionId && isDone) void navigate(successUrl(sessionId), { replace: true });
  }, [isDone, navigate, sessionId]);

  let body;
  if (!sessionId || error) {
    body = (
      <Alert variant="destructive">
        {error instanceof Error
          ? error.message
          : "This checkout link is incomplete. Please start again from the plan page."}
      </Alert>
    );
  } else if (isDone) {
    body = <PageSpinner label="Loading checkout" />;
  } else if (session?.status === "expired") {
    body = (
      <Alert variant="destructive">
        This checkout has expired. Please start again from the plan page.
      </Alert>
    );
  } else {
    body = <PaymentForm sessionId={sessionId} email={isPending ? undefined : session?.email} />;
  }

  return (
    <main className="min-h-screen bg-muted px-4 py-10">
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <CreditCard className="size-4" aria-hidden />
            {productName} checkout
          </p>
          <h1 className="text-2xl font-semibold">
            {PLAN_NAME}: ${PLAN_PRICE_USD} USD/month
          </h1>
          <CardDescription>
            Test mode: no real payment is taken. Billed monthly, cancel anytime.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {body}
          {!sessionId || error ? (
            <Button asChild variant="outline">
              <Link to="/subscribe">Back to the plan</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
