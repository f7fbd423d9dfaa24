// Settings → Appearance: light, dark, or the device's setting (a null theme).
import { Monitor, Moon, Sun } from "lucide-react";
import { useState } from "react";
import type { Me } from "../../../../core/account";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import { useUpdateMe } from "../../../lib/session/update-me";
import { toastSettingFailed, toastSettingUpdated } from "./settings-toasts";

type Theme = Me["settings"]["theme"];

const OPTIONS = [
  { key: "light", theme: "light", label: "Light", Icon: Sun },
  { key: "dark", theme: "dark", label: "Dark", Icon: Moon },
  { key: "system", theme: null, label: "System", Icon: Monitor },
] as const satisfies readonly { key: string; theme: Theme; label: string; Icon: unknown }[];

export function AppearanceCard(props: { theme: Theme }) {
  const updateMe = useUpdateMe();
  // The choice shows as soon as it is made (undefined: nothing is being saved).
  const [saving, setSaving] = useState<Theme | undefined>(undefined);
  const selected = saving !== undefined ? saving : props.theme;

  function choose(theme: Theme) {
    if (theme === selected) return;
    setSaving(theme);
    updateMe.mutate(
      { theme },
      {
        onSuccess: toastSettingUpdated,
        onError: toastSettingFailed,
        onSettled: () => setSaving(undefined),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>How the app looks on this and every other device you use.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-2" aria-busy={updateMe.isPending}>
          <legend className="mb-2 text-sm font-medium">Theme</legend>
          <div className="flex flex-wrap gap-3">
            {OPTIONS.map(({ key, theme, label, Icon }) => (
              <label
                key={key}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm",
                  "has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={key}
                  checked={selected === theme}
                  onChange={() => choose(theme)}
                  className="accent-[var(--primary)]"
                />
                <Icon className="size-4" aria-hidden />
                {label}
              </label>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">
            System follows your device&apos;s light or dark setting.
          </p>
        </fieldset>
      </CardContent>
    </Card>
  );
}
