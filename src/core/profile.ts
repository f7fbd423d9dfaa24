// The profile page's contract (spec 02 §2, §3, §5, §8): what GET /api/profile answers, what
// PATCH /api/profile and PUT /api/profile/avatar take, the form rules and the texts.
import { z } from "zod";
import { DICEBEAR_STYLES } from "./constants";
import { PROFILE_MESSAGES } from "./profile-messages";
import { sanitizeText } from "./sanitize";

export { PROFILE_MESSAGES } from "./profile-messages";

export const ProfileSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarType: z.enum(["dicebear", "initials", "custom"]),
  avatarUrl: z.string(),
  dicebearSeed: z.string(),
  dicebearStyle: z.string(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  formattedAddress: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

// All text optional, trimmed, control characters removed; blank is stored as null.
const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .transform(sanitizeText)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const ProfileFieldsSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  streetAddress: text(200),
  city: text(100),
  state: text(100),
  postalCode: text(20),
  country: text(100),
  countryCode: z
    .string()
    .transform((v) => sanitizeText(v).toUpperCase())
    .pipe(z.union([z.literal(""), z.string().regex(/^[A-Z]{2}$/, "Use a two-letter code")]))
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  formattedAddress: text(300),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});

type LocationValues = {
  streetAddress?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * The form's location rules on a whole profile (the server checks them on the saved values
 * merged with the change): an address part needs a country, named on the address field.
 */
export function locationProblems(value: LocationValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const hasAddress = [value.streetAddress, value.city, value.state, value.postalCode].some(
    (v) => typeof v === "string" && v !== "",
  );
  if (hasAddress && !value.country) problems.streetAddress = PROFILE_MESSAGES.countryRequired;
  if ((value.latitude == null) !== (value.longitude == null))
    problems.latitude = "Latitude and longitude go together";
  return problems;
}

/** PATCH /api/profile: any subset of the fields. */
export const ProfileUpdateSchema = ProfileFieldsSchema;

/** The profile form: every field, with the location rules. */
export const ProfileFormSchema = ProfileFieldsSchema.superRefine((value, ctx) => {
  for (const [path, message] of Object.entries(locationProblems(value)))
    ctx.addIssue({ code: "custom", path: [path], message });
});

export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

export const AvatarUpdateSchema = z.discriminatedUnion("avatarType", [
  z.object({
    avatarType: z.literal("dicebear"),
    dicebearStyle: z.enum(DICEBEAR_STYLES),
    dicebearSeed: z.string().trim().min(1).max(200),
  }),
  z.object({
    avatarType: z.literal("custom"),
    /** A URL the upload answered (`/api/files/avatars/…`), of this user's own file. */
    avatarUrl: z.string().max(600),
  }),
]);
export type AvatarUpdate = z.infer<typeof AvatarUpdateSchema>;

export const AvatarUploadSchema = z.object({ url: z.string() });
export type AvatarUpload = z.infer<typeof AvatarUploadSchema>;
