// Send a code to the saved number and enter it. The code from onboarding works here too, for
// the 10 minutes it is valid.
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../lib/toast";
import { useSendPhoneCode } from "../api/send-phone-code";
import { useVerifyPhone } from "../api/verify-phone";

const CODE_LENGTH = 6;

export function PhoneVerification(props: { phoneNumber: string }) {
  const { phoneNumber } = props;
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [hasSent, setHasSent] = useState(false);

  async function sendCode() {
    setError(undefined);
    try {
      await send.mutateAsync(phoneNumber);
      setHasSent(true);
      toast({
        title: "Code sent",
        description: `We texted a ${CODE_LENGTH}-digit code to ${phoneNumber}. It is valid for 10 minutes.`,
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Error",
        description: failure instanceof Error ? failure.message : undefined,
        variant: "destructive",
      });
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) {
      setError(`Enter the ${CODE_LENGTH}-digit code from the text message.`);
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync({ phoneNumber, code });
      toast({
        title: "Phone verified",
        description: `${phoneNumber} is verified.`,
        variant: "success",
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : undefined);
    }
  }

  return (
    <section
      aria-labelledby="verify-phone-title"
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <div className="grid gap-1">
        <h3 id="verify-phone-title" className="text-base font-semibold">
          Verify your phone
        </h3>
        <p className="text-sm text-muted-foreground">
          We text a {CODE_LENGTH}-digit code to {phoneNumber}. Enter it here to verify the number.
        </p>
      </div>
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void sendCode()}
          disabled={send.isPending}
        >
          {send.isPending ? "Sending..." : hasSent ? "Send a new code" : "Send code"}
        </Button>
      </div>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid justify-items-start gap-3"
      >
        <Field label="Verification code" error={error} className="grid w-56 gap-2">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
          />
        </Field>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? "Verifying..." : "Verify"}
        </Button>
      </form>
    </section>
  );
}
