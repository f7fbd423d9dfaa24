// Contracts for the signed-in user's own account: who they are, their profile and settings.
import { z } from "zod";
import { NAME_MAX_LENGTH } from "./constants";
import { ONBOARDING_MESSAGES } from "./onboarding";
import { sanitizeText } from "./sanitize";

export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    phoneNumberVerified: z.boolean().nullable(),
    /** False for an account that signs in with Google only (no password to confirm with). */
    hasPassword: z.boolean(),
  }),
  profile: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    dicebearSeed: z.string(),
    dicebearStyle: z.string(),
    avatarType: z.string(),
    avatarUrl: z.string(),
  }),
  settings: z.object({
    theme: z.enum(["light", "dark"]).nullable(),
    timezone: z.string(),
    reminderFrequency: z.number(),
    reminderCadence: z.string(),
    reminderTime: z.string(),
    reminderMethod: z.string(),
    onboardingCompleted: z.boolean(),
  }),
});
export type Me = z.infer<typeof MeSchema>;

const NameSchema = z
  .string()
  .max(NAME_MAX_LENGTH, ONBOARDING_MESSAGES.nameTooLong)
  .transform(sanitizeText);

export const PhoneSchema = z
  .string()
  .transform((v) => v.replace(/[^\d+]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{1,14}$/, "Please enter a valid phone number"));

export const MeUpdateSchema = z.object({
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
  phoneNumber: z.union([PhoneSchema, z.literal("").transform(() => null), z.null()]).optional(),
  theme: z.enum(["light", "dark"]).nullable().optional(),
});
export type MeUpdate = z.input<typeof MeUpdateSchema>;

/** How long after signing in an account without a password may be deleted. */
export const DELETE_WITHOUT_PASSWORD_MAX_SESSION_AGE_MS = 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  wrongPassword: "That password is not right.",
  enterPassword: "Enter your password to delete your account.",
  typeEmail: "Type your email address to delete your account.",
  wrongEmail: "That is not the email address of this account.",
  signInAgain:
    "For your safety, sign out and sign in again, then delete your account within the hour.",
} as const;
