// Settings → Account: change the sign-in email (confirmed from the new address), change the
// password (other sessions are signed out), sign out of every other device, and delete the
// account after naming what goes with it (decisions 107 and 155). An account that signs in with
// Google has no password: deleting it is confirmed by typing its email.
import { useState, type FormEvent } from "react";
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
import { errorMessage } from "../../../lib/api-client";
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
  const [next, setNext] = useState("");
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setSentTo(undefined);
    const wanted = next.trim().toLowerCase();
    if (!isEmailShaped(wanted)) return setError("Please enter a valid email address");
    if (wanted === email.toLowerCase()) return setError("That is already your sign-in email.");
    change.mutate(wanted, {
      onSuccess: () => {
        setNext("");
        setSentTo(wanted);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <h3 className="font-semibold">Sign-in email</h3>
      <Field
        label="New email"
        className="grid gap-2 sm:max-w-md"
        error={error}
        description="We send a link to the new address. Your email changes only when it is opened."
      >
        <Input
          type="email"
          autoComplete="email"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
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

function ChangePasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    if (!current) return setError("Enter your current password.");
    if (next.length < PASSWORD_MIN_LENGTH)
      return setError(`The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          toast({
            title: "Password changed",
            description: "Your other devices have been signed out.",
          });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <h3 className="font-semibold">Change password</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Current password">
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field label="New password" error={error}>
          <Input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
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
                toast({
                  title: "Error",
                  description: errorMessage(failure),
                  variant: "destructive",
                }),
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
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    const typed = password.trim();
    if (!typed)
      return setError(hasPassword ? ACCOUNT_MESSAGES.enterPassword : ACCOUNT_MESSAGES.typeEmail);
    if (!hasPassword && typed.toLowerCase() !== email.toLowerCase())
      return setError(ACCOUNT_MESSAGES.wrongEmail);
    remove.mutate(hasPassword ? { password } : { email: typed }, {
      onSuccess: () => {
        toast({ title: "Account deleted", description: "Everything in it has been deleted." });
        void navigate("/auth", { replace: true });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

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
          setPassword("");
          setError(undefined);
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
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            {hasPassword ? (
              <Field label="Password" error={error}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
            ) : (
              <Field
                label="Your email address"
                error={error}
                description={`You sign in with Google: type ${email} to confirm.`}
              >
                <Input
                  type="email"
                  autoComplete="off"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
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
