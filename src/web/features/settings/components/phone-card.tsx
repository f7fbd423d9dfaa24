// Settings → Phone: the saved number and whether it is verified; change or remove it, text a
// code and enter it (the onboarding toast promises this: "verify now or later in Settings").
import { useForm, useWatch } from "react-hook-form";
import {
  keepPhoneCharacters,
  ONBOARDING_MESSAGES,
  phoneProblem,
  PHONE_COUNTRY_CODE,
  PHONE_COUNTRY_LABEL,
  toInternationalPhone,
} from "../../../../core/onboarding";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { reformatInput } from "../../../lib/card-format";
import { showServerErrors } from "../../../lib/form-errors";
import { lateValues } from "../../../lib/late-values";
import { useUpdateMe } from "../../../lib/session/update-me";
import { toastSettingFailed, toastSettingUpdated } from "./settings-toasts";
import { PhoneVerification } from "./phone-verification";

function nationalPart(phone: string | null): string {
  return phone?.startsWith(PHONE_COUNTRY_CODE) ? phone.slice(PHONE_COUNTRY_CODE.length) : "";
}

export function PhoneCard(props: { phoneNumber: string | null; isVerified: boolean }) {
  const { phoneNumber, isVerified } = props;
  const updateMe = useUpdateMe();
  const form = useForm<{ digits: string }>({
    defaultValues: { digits: nationalPart(phoneNumber) },
    // The saved number after a save or a refetch; a number being typed stays.
    ...lateValues({ digits: nationalPart(phoneNumber) }),
  });
  const { errors } = form.formState;
  const digitsField = form.register("digits", {
    validate: (value) =>
      value === "" ? ONBOARDING_MESSAGES.phoneInvalid : (phoneProblem(value) ?? true),
  });
  const digits = useWatch({ control: form.control, name: "digits" });

  async function savePhone(next: string | null) {
    try {
      await updateMe.mutateAsync({ phoneNumber: next });
      form.reset({ digits: nationalPart(next) });
      toastSettingUpdated();
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: ONBOARDING_MESSAGES.phoneInvalid,
        fieldNames: { phoneNumber: "digits" },
        knownFields: ["digits"],
        rest: "none",
      });
      toastSettingFailed();
    }
  }

  const onSubmit = form.handleSubmit(async ({ digits: typed }) => {
    const phone = toInternationalPhone(typed);
    if (phone === phoneNumber) return;
    await savePhone(phone);
  });

  const isOtherCountry = Boolean(phoneNumber && !phoneNumber.startsWith(PHONE_COUNTRY_CODE));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Phone</CardTitle>
        <CardDescription>For reminders by text message. We verify it with a code.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="phone-status">
          {phoneNumber ? (
            <>
              <span className="font-medium">{phoneNumber}</span>
              {isVerified ? (
                <Badge variant="success">Verified</Badge>
              ) : (
                <Badge variant="warning">Not verified</Badge>
              )}
            </>
          ) : (
            <span className="text-muted-foreground">No phone number saved.</span>
          )}
        </div>
        {phoneNumber && !isVerified ? <PhoneVerification phoneNumber={phoneNumber} /> : null}
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="grid gap-4"
          aria-busy={updateMe.isPending}
        >
          <div className="grid gap-4 sm:grid-cols-[17rem_1fr]">
            <Field label="Country code" className="grid content-start gap-2">
              <Select defaultValue={PHONE_COUNTRY_CODE}>
                <option value={PHONE_COUNTRY_CODE}>{PHONE_COUNTRY_LABEL}</option>
              </Select>
            </Field>
            <Field
              label={phoneNumber ? "New phone number" : "Phone number"}
              className="grid content-start gap-2"
              error={errors.digits?.message ?? errors.root?.message}
              description={
                isOtherCountry
                  ? `Your saved number ${phoneNumber} is outside the US and Canada; enter a +1 number to replace it.`
                  : "Digits only, for example 4155550123. A new number needs a new code."
              }
            >
              <Input
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                {...digitsField}
                onChange={(event) => {
                  // Digits only, as typed: "(415) 555-0123" becomes 4155550123; a leading "+"
                  // and its country code stay.
                  reformatInput(event.target, keepPhoneCharacters, undefined);
                  return digitsField.onChange(event);
                }}
              />
            </Field>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              variant={phoneNumber && !isVerified ? "outline" : "default"}
              disabled={updateMe.isPending || toInternationalPhone(digits) === phoneNumber}
            >
              {updateMe.isPending ? "Saving..." : "Save number"}
            </Button>
            {phoneNumber ? (
              <Button
                type="button"
                variant="ghost"
                disabled={updateMe.isPending}
                onClick={() => void savePhone(null)}
              >
                Remove number
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
