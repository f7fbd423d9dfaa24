// Send a code to the saved number and enter it. The code from onboarding works here too, for
// the 10 minutes it is valid.
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { reformatInput } from "../../../lib/card-format";
import { showServerErrors, toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useSendPhoneCode } from "../api/send-phone-code";
import { useVerifyPhone } from "../api/verify-phone";
import { VERIFY_PHONE_HASH } from "../../../lib/verify-phone-path";

const CODE_LENGTH = 6;

export function PhoneVerification(props: { phoneNumber: string }) {
  const { phoneNumber } = props;
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const form = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const { errors } = form.formState;
  const codeMessage = `Enter the ${CODE_LENGTH}-digit code from the text message.`;
  const codeField = form.register("code", {
    pattern: { value: new RegExp(`^\\d{${CODE_LENGTH}}$`), message: codeMessage },
    required: codeMessage,
  });
  // Arriving from the text sent at onboarding, the code field is where the person is taken.
  const isAskedFor = useLocation().hash === VERIFY_PHONE_HASH;
  // The number the last code went to, shown at the code field so a wrong one is seen at once.
  const [sentTo, setSentTo] = useState<string | null>(isAskedFor ? phoneNumber : null);
  const hasSent = sentTo === phoneNumber;
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!isAskedFor) return;
    sectionRef.current?.scrollIntoView({ block: "center" });
    form.setFocus("code");
  }, [isAskedFor, form]);

  async function sendCode() {
    form.clearErrors();
    try {
      await send.mutateAsync(phoneNumber);
      setSentTo(phoneNumber);
      toast({
        title: "Code sent",
        description: `We texted a ${CODE_LENGTH}-digit code to ${phoneNumber}. It is valid for 10 minutes.`,
        variant: "success",
      });
    } catch (failure) {
      toastError("Error", failure, "We couldn't send a code. Try again in a moment.");
    }
  }

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ phoneNumber, code });
      toast({
        title: "Phone verified",
        description: `${phoneNumber} is verified.`,
        variant: "success",
      });
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: "We couldn't verify the code. Try again.",
        knownFields: ["code"],
      });
    }
  });

  return (
    <section
      ref={sectionRef}
      id="verify-phone"
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
        <Field
          label="Verification code"
          error={errors.code?.message ?? errors.root?.message}
          description={
            hasSent ? `Sent to ${phoneNumber}. Not your number? Change it below.` : undefined
          }
          className="grid w-56 gap-2"
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            {...codeField}
            onChange={(event) => {
              reformatInput(event.target, (value) => value.replace(/\D/g, ""), undefined);
              return codeField.onChange(event);
            }}
          />
        </Field>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? "Verifying..." : "Verify"}
        </Button>
      </form>
    </section>
  );
}
