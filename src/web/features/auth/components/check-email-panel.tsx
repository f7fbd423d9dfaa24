import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { resendConfirmationWithToast } from "../api/sign-up";

export function CheckEmailPanel(props: {
  email: string;
  sessionId?: string | null;
  onBack: () => void;
}) {
  const [isSending, setIsSending] = useState(false);
  async function resend() {
    setIsSending(true);
    await resendConfirmationWithToast({ email: props.email, sessionId: props.sessionId });
    setIsSending(false);
  }
  return (
    <section aria-labelledby="check-email-title" className="grid gap-4 text-center">
      <MailCheck className="mx-auto size-12 text-primary" aria-hidden />
      <h1 id="check-email-title" className="text-xl font-semibold">
        Check your email
      </h1>
      <p className="text-sm text-muted-foreground">
        We sent a confirmation link to <strong className="text-foreground">{props.email}</strong>.
        Open it to verify your account and continue setting up.
      </p>
      <div className="grid gap-2">
        <Button onClick={resend} disabled={isSending}>
          {isSending ? "Sending..." : "Resend confirmation email"}
        </Button>
        <Button variant="outline" onClick={props.onBack}>
          Back to sign in
        </Button>
      </div>
    </section>
  );
}
