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

// Account creation after payment (spec 01 §5).
export const AccountCreationSchema = z
  .object({
    email: EmailField,
    password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters long"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type AccountCreation = z.infer<typeof AccountCreationSchema>;
