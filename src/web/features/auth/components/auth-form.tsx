import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { Credentials } from "../../../lib/auth-forms";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";

const credentialsResolver = lazyZodResolver<Credentials>(() =>
  import("../../../lib/auth-forms").then((m) => m.CredentialsSchema),
);

export function AuthForm(props: {
  mode: "login" | "signup";
  /** What was typed in the other tab before switching to this one. */
  initialValues?: Partial<Credentials>;
  onSubmit: (values: Credentials) => Promise<void>;
}) {
  // No default values of its own: on a prerendered /auth, react-hook-form then takes what was
  // typed before the page's code ran from the fields instead of clearing them.
  // A form opened by switching tabs starts with what was typed in the other one.
  const form = useForm<Credentials>({
    resolver: credentialsResolver,
    defaultValues: props.initialValues,
  });
  const { errors, isSubmitting } = form.formState;
  const isLogin = props.mode === "login";
  return (
    <form
      // Sent natively only before the prerendered page's code runs: a post keeps
      // the password out of the address, and the server sends the person back to the page.
      method="post"
      className="grid gap-4"
      noValidate
      onFocusCapture={credentialsResolver.preload}
      onSubmit={form.handleSubmit(props.onSubmit)}
    >
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" required {...form.register("email")} />
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        description={isLogin ? undefined : "At least 6 characters."}
      >
        <Input
          type="password"
          autoComplete={isLogin ? "current-password" : "new-password"}
          required
          {...form.register("password")}
        />
      </Field>
      {isLogin ? (
        <Link
          to="/forgot-password"
          className="-mt-2 justify-self-end text-sm underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting
          ? isLogin
            ? "Signing in..."
            : "Creating account..."
          : isLogin
            ? "Sign in"
            : "Create account"}
      </Button>
    </form>
  );
}
