import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../../core/constants";

const EmailField = z
  .string()
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"));

export const CredentialsSchema = z.object({
  email: EmailField,
  password: z.string().min(1, "Password is required"),
});
export type Credentials = z.infer<typeof CredentialsSchema>;

const NewPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters long");

function passwordsMatch(v: { password: string; confirmPassword: string }): boolean {
  return v.password === v.confirmPassword;
}
const MISMATCH = { message: "Passwords do not match", path: ["confirmPassword"] };

// Account creation after payment (spec 01 §5).
export const AccountCreationSchema = z
  .object({ email: EmailField, password: NewPasswordField, confirmPassword: z.string() })
  .refine(passwordsMatch, MISMATCH);
export type AccountCreation = z.infer<typeof AccountCreationSchema>;

// A forgotten password: ask for the link, then choose a new one by account creation's rules.
export const ForgotPasswordSchema = z.object({ email: EmailField });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const NewPasswordSchema = z
  .object({ password: NewPasswordField, confirmPassword: z.string() })
  .refine(passwordsMatch, MISMATCH);
export type NewPassword = z.infer<typeof NewPasswordSchema>;
