// /app/profile (spec 02 §2, §5, §8): the avatar with its edit button, the names, the sign-in
// email (read-only), the Location section, and "Update Profile".
import { Pencil } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { lateValues } from "../../../lib/late-values";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { PROFILE_MESSAGES } from "../../../../core/profile-messages";
import type { Profile, ProfileUpdate } from "../../../../core/profile";
import { Avatar } from "../../../components/avatar";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { showServerErrors } from "../../../lib/form-errors";
import { lazyComponent, lazyModule } from "../../../lib/lazy";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { toast } from "../../../lib/toast";
import { useProfile } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";
import { LocationSection, type ProfileFormValues } from "./location-section";

// The form holds strings ("" for empty); the schema trims, sanitises and applies the country rule.
// It loads on the form's first focus, not with the page; a submit before then waits for it.
const profileResolver = lazyZodResolver<ProfileFormValues>(() =>
  import("../lib/profile-schema").then((m) => m.ProfileFormSchema),
);

// The avatar dialog (its style tabs, the upload) is not part of the page's first paint: it is
// asked for as the page first renders, and opens as soon as it is in.
const avatarDialog = lazyModule(() => import("./avatar-dialog"));
const AvatarDialog = lazyComponent(avatarDialog, (m) => m.AvatarDialog);

function toFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    streetAddress: profile.streetAddress ?? "",
    city: profile.city ?? "",
    state: profile.state ?? "",
    postalCode: profile.postalCode ?? "",
    country: profile.country ?? "",
    countryCode: profile.countryCode ?? "",
    formattedAddress: profile.formattedAddress ?? "",
    latitude: profile.latitude,
    longitude: profile.longitude,
  };
}

export function ProfilePage() {
  const profile = useProfile();
  const failure = profile.isError ? profile.error : null;
  const failureText =
    failure instanceof Error && failure.message === PROFILE_MESSAGES.createFailed
      ? PROFILE_MESSAGES.createFailed
      : failure
        ? "We couldn't load your profile."
        : null;

  useEffect(() => {
    if (failureText === PROFILE_MESSAGES.createFailed)
      toast({ title: "Error", description: failureText, variant: "destructive" });
  }, [failureText]);

  return (
    <section
      aria-labelledby="profile-title"
      className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6"
    >
      <h1 id="profile-title" className="text-3xl font-bold">
        Profile
      </h1>
      {failureText ? (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>{failureText}</span>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : profile.data ? (
        <ProfileCard profile={profile.data} />
      ) : (
        <PageSpinner label="Loading profile" />
      )}
    </section>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const [isAvatarOpen, setAvatarOpen] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver as unknown as Resolver<ProfileFormValues, unknown, ProfileUpdate>,
    defaultValues: toFormValues(profile),
    // Follows the saved profile (after a save, an avatar change, another tab) in the fields not
    // being edited; what the user typed, even while a save was answered, stays.
    ...lateValues(toFormValues(profile)),
  });
  const { register, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: "Profile updated", description: "Your profile has been saved." });
    } catch (error) {
      showServerErrors(setError, error, {
        fallback: PROFILE_MESSAGES.updateFailed,
        rest: { toastTitle: "Error" },
      });
    }
  });

  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return (
    <Card>
      <CardContent className="grid grid-cols-1 gap-8 p-6">
        <div className="flex items-center gap-4">
          <div className="relative">
            <Avatar
              seed={profile.dicebearSeed}
              style={profile.dicebearStyle}
              imageUrl={profile.avatarType === "custom" ? profile.avatarUrl : null}
              size={128}
              alt={name ? `${name}'s avatar` : "Your avatar"}
            />
            <Button
              size="icon"
              variant="secondary"
              className="absolute bottom-0 right-0 size-9 rounded-full border border-border shadow"
              aria-label="Edit avatar"
              onClick={() => setAvatarOpen(true)}
            >
              <Pencil aria-hidden />
            </Button>
          </div>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name || "Your profile"}</p>
            <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
          </div>
        </div>
        <Suspense fallback={null}>
          <AvatarDialog profile={profile} open={isAvatarOpen} onOpenChange={setAvatarOpen} />
        </Suspense>
        <FormProvider {...form}>
          <form
            onSubmit={(event) => void submit(event)}
            onFocusCapture={profileResolver.preload}
            noValidate
            className="grid grid-cols-1 gap-8"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" error={formState.errors.firstName?.message}>
                <Input autoComplete="given-name" {...register("firstName")} />
              </Field>
              <Field label="Last name" error={formState.errors.lastName?.message}>
                <Input autoComplete="family-name" {...register("lastName")} />
              </Field>
              <Field
                label="Email"
                description="The address you sign in with."
                className="grid gap-2 sm:col-span-2"
              >
                <Input type="email" value={profile.email} disabled readOnly />
              </Field>
            </div>
            <LocationSection />
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Updating..." : "Update Profile"}
              </Button>
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
