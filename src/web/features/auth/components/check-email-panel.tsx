import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { resendConfirmation } from "../api/sign-up";

export function CheckEmailPanel(props: {
  email: string;
  sessionId?: string | null;
  onBack: () => void;
}) {
  const [isSending, setIsSending] = useState(false);
  async function resend() {
    setIsSending(true);
    try {
      await resendConfirmation({ email: props.email, sessionId: props.sessionId });
      toast({
        title: "Email sent",
        description: "Confirmation email has been resent to your inbox.",
      });
    } catch (error) {
      toast({
        title: "Error",
        description:
          error instanceof Error && error.message
            ? error.message
            : "Failed to resend confirmation email",
        variant: "destructive",
      });
    } finally {
      setIsSending(false);
    }
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
