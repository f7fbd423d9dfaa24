// Settings → Account: change the sign-in email (confirmed from the new address), change the
// password (other sessions are signed out), sign out of every other device, and delete the
// account after naming what goes with it. An account that signs in with
// Google has no password: deleting it is confirmed by typing its email.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../../core/account";
import { PASSWORD_MIN_LENGTH } from "../../../../core/constants";
import { isEmailShaped } from "../../../../core/sanitize";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { showServerErrors, toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import {
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useSignOutOtherDevices,
} from "../api/account-security";

export function AccountCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Signed in as {email}.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-8">
        <ChangeEmailForm email={email} />
        {hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <div className="grid gap-2">
            <h3 className="font-semibold">Password</h3>
            <p className="text-sm text-muted-foreground">
              You sign in with Google, so this account has no password to change.
            </p>
          </div>
        )}
        <SignOutOthers />
        <DeleteAccount email={email} hasPassword={hasPassword} />
      </CardContent>
    </Card>
  );
}

function ChangeEmailForm({ email }: { email: string }) {
  const change = useChangeEmail();
  const form = useForm<{ newEmail: string }>({ defaultValues: { newEmail: "" } });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string>();

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    setSentTo(undefined);
    const wanted = newEmail.trim().toLowerCase();
    if (!isEmailShaped(wanted))
      return form.setError("newEmail", { message: "Please enter a valid email address" });
    if (wanted === email.toLowerCase())
      return form.setError("newEmail", { message: "That is already your sign-in email." });
    try {
      await change.mutateAsync(wanted);
      form.reset();
      setSentTo(wanted);
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: "We couldn't send the link.",
        fieldNames: { email: "newEmail" },
        knownFields: ["newEmail"],
      });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <h3 className="font-semibold">Sign-in email</h3>
      <Field
        label="New email"
        className="grid gap-2 sm:max-w-md"
        error={errors.newEmail?.message ?? errors.root?.message}
        description="We send a link to the new address. Your email changes only when it is opened."
      >
        <Input type="email" autoComplete="email" {...form.register("newEmail")} />
      </Field>
      {sentTo ? (
        <p role="status" className="text-sm">
          Check {sentTo} for a link to confirm the change. Until it is opened, you keep signing in
          with {email}.
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? "Sending..." : "Change email"}
        </Button>
      </div>
    </form>
  );
}

type PasswordChange = { currentPassword: string; newPassword: string };
const NO_PASSWORD_CHANGE: PasswordChange = { currentPassword: "", newPassword: "" };

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChange>({ defaultValues: NO_PASSWORD_CHANGE });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      form.reset(NO_PASSWORD_CHANGE);
      toast({ title: "Password changed", description: "Your other devices have been signed out." });
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: "We couldn't change your password.",
      });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <h3 className="font-semibold">Change password</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Current password" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword", { required: "Enter your current password." })}
          />
        </Field>
        <Field label="New password" error={errors.newPassword?.message ?? errors.root?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...form.register("newPassword", {
              minLength: {
                value: PASSWORD_MIN_LENGTH,
                message: `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
              },
              required: `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
            })}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </Button>
      </div>
    </form>
  );
}

function SignOutOthers() {
  const signOutOthers = useSignOutOtherDevices();
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Other devices</h3>
      <p className="text-sm text-muted-foreground">
        Signs out every browser and app where you are signed in, except this one.
      </p>
      <div>
        <Button
          variant="outline"
          disabled={signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "Signed out", description: "Your other devices are signed out." }),
              onError: (failure) =>
                toastError("Error", failure, "We couldn't sign out your other devices."),
            })
          }
        >
          Sign out of all other devices
        </Button>
      </div>
    </div>
  );
}

function DeleteAccount({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const form = useForm<{ password: string }>({ defaultValues: { password: "" } });
  const { errors } = form.formState;
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const typed = password.trim();
    if (!hasPassword && typed.toLowerCase() !== email.toLowerCase())
      return form.setError("password", { message: ACCOUNT_MESSAGES.wrongEmail });
    try {
      await remove.mutateAsync(hasPassword ? { password } : { email: typed });
      toast({ title: "Account deleted", description: "Everything in it has been deleted." });
      void navigate("/auth", { replace: true });
    } catch (failure) {
      showServerErrors(form.setError, failure, {
        fallback: "We couldn't delete your account.",
        fieldNames: { email: "password" },
        knownFields: ["password"],
      });
    }
  });

  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Delete account</h3>
      <p className="text-sm text-muted-foreground">
        Deletes your account and everything in it. This cannot be undone.
      </p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <Dialog
        open={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          form.reset({ password: "" });
        }}
      >
        <DialogContent>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">
              <p>This deletes, for good:</p>
              <ul className="list-disc pl-5">
                <li>your contacts, their history and tags</li>
                <li>your reminders, delivery log, notifications and calendar feed</li>
                <li>your profile, avatar and uploaded images, settings and phone number</li>
                <li>your sign-in and every session on every device</li>
              </ul>
              <p>Your subscription is cancelled so you are not charged again.</p>
            </div>
          </DialogDescription>
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
            {hasPassword ? (
              <Field label="Password" error={errors.password?.message ?? errors.root?.message}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  {...form.register("password", { required: ACCOUNT_MESSAGES.enterPassword })}
                />
              </Field>
            ) : (
              <Field
                label="Your email address"
                error={errors.password?.message ?? errors.root?.message}
                description={`You sign in with Google: type ${email} to confirm.`}
              >
                <Input
                  type="email"
                  autoComplete="off"
                  {...form.register("password", { required: ACCOUNT_MESSAGES.typeEmail })}
                />
              </Field>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? "Deleting..." : "Delete my account"}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
