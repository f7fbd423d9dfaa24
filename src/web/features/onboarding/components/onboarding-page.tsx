// /app/onboarding (spec 01 §5). Placeholder while the three-step form is being built.
export function OnboardingPage() {
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-6">
      <h1 className="text-3xl font-bold">Welcome</h1>
      <p className="text-muted-foreground">
        Let&apos;s set up your profile and preferences to get started.
      </p>
    </main>
  );
}
