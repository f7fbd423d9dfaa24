// Settings → Notifications on this device (issue 50): push turned on or off in this browser, the
// list of every device that gets pushes (with Remove), and whether in-app notifications push too.
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { PushDevice } from "../../../../core/push";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format-date";
import { useProductName } from "../../../lib/session/get-config";
import { toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { usePushConfig } from "../api/get-push-config";
import { usePushDevices } from "../api/list-push-devices";
import { useRemovePushDevice } from "../api/remove-push-device";
import {
  useThisDevicePush,
  useTurnOffPush,
  useTurnOnPush,
  type ThisDevicePush,
} from "../api/this-device-push";
import { useUpdatePushSettings } from "../api/update-push-settings";

function SwitchRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        {/* The switch's label is the rest of its 44 px target on a phone. */}
        <label
          htmlFor={id}
          className="flex min-h-11 items-center text-sm font-medium md:block md:min-h-0"
        >
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        data-testid={props.testId}
        className="mt-0.5"
      />
    </div>
  );
}

function ThisDeviceSwitch(props: {
  device: ThisDevicePush;
  isSaved: boolean;
  publicKey: string | null;
}) {
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const [problem, setProblem] = useState<string | null>(null);
  const isOn = Boolean(props.device.endpoint) && props.isSaved;
  const isBusy = turnOn.isPending || turnOff.isPending;

  async function change(checked: boolean) {
    setProblem(null);
    try {
      if (checked) {
        if (!props.publicKey) throw new Error("Push is not available on this server.");
        await turnOn.mutateAsync(props.publicKey);
        toast({ title: "Push is on for this device", variant: "success" });
      } else {
        await turnOff.mutateAsync();
        toast({ title: "Push is off for this device", variant: "success" });
      }
    } catch (error) {
      setProblem(errorMessage(error, "That did not work. Please try again."));
    }
  }

  if (props.device.unsupportedReason) {
    return (
      <p className="text-sm" data-testid="push-unsupported">
        {props.device.unsupportedReason}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <SwitchRow
        label="Push notifications on this device"
        hint={
          isBusy
            ? turnOn.isPending
              ? "Turning on…"
              : "Turning off…"
            : "Your reminders arrive here even when the app is closed."
        }
        checked={isOn}
        disabled={isBusy}
        onChange={(checked) => void change(checked)}
        testId="push-this-device"
      />
      <p role="alert" className="text-sm text-destructive empty:hidden" data-testid="push-problem">
        {problem}
      </p>
    </div>
  );
}

function DeviceItem({ device, isThisDevice }: { device: PushDevice; isThisDevice: boolean }) {
  const remove = useRemovePushDevice();
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span id={titleId}>{device.label}</span>
          {isThisDevice ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          Added {formatDate(device.createdAt)}
          {device.failureCount > 0
            ? ` · the last ${device.failureCount === 1 ? "push" : `${device.failureCount} pushes`} did not arrive`
            : device.lastSuccessAt
              ? ` · last push ${formatDate(device.lastSuccessAt)}`
              : ""}
        </p>
      </div>
      <Button
        variant="ghost"
        aria-label={`Remove ${device.label}${isThisDevice ? " (this device)" : ""}`}
        disabled={remove.isPending}
        onClick={() =>
          // Awaited rather than mutate's callbacks: the item leaves the list when it succeeds.
          remove.mutateAsync(device.id).then(
            () => toast({ title: `${device.label} removed`, variant: "success" }),
            (error: unknown) =>
              toastError("Error", error, "That device could not be removed. Please try again."),
          )
        }
      >
        <Trash2 aria-hidden />
        {remove.isPending ? "Removing..." : "Remove"}
      </Button>
    </li>
  );
}

export function PushNotificationsCard() {
  const config = usePushConfig();
  const devices = usePushDevices();
  const thisDevice = useThisDevicePush();
  const settings = useUpdatePushSettings();
  const productName = useProductName();
  const queries = [config, devices, thisDevice];
  const failed = queries.find((q) => q.isError);

  function body() {
    if (failed) return <LoadError error={failed.error} onRetry={() => void failed.refetch()} />;
    if (!config.data || !devices.data || !thisDevice.data) {
      return <Spinner label="Loading your devices" />;
    }
    if (!config.data.isAvailable) {
      return <p className="text-sm">Push notifications are not set up on this server.</p>;
    }
    const endpoint = thisDevice.data.endpoint;
    const list = devices.data.devices;
    return (
      <div className="grid gap-6">
        <ThisDeviceSwitch
          device={thisDevice.data}
          isSaved={list.some((d) => d.endpoint === endpoint)}
          publicKey={config.data.publicKey}
        />
        <section aria-labelledby="push-devices-title" className="grid gap-3">
          <h3 id="push-devices-title" className="text-base font-semibold">
            Your devices
          </h3>
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No device gets push notifications yet.</p>
          ) : (
            <ul aria-label="Devices with push" className="grid divide-y divide-border">
              {list.map((device) => (
                <DeviceItem
                  key={device.id}
                  device={device}
                  isThisDevice={device.endpoint === endpoint}
                />
              ))}
            </ul>
          )}
        </section>
        <SwitchRow
          label="Also push in-app notifications"
          hint={`Alerts and announcements from the bell arrive on your devices too, when no ${productName} tab is open in front of you.`}
          checked={config.data.pushInAppNotifications}
          disabled={settings.isPending}
          onChange={(checked) =>
            settings.mutate(
              { pushInAppNotifications: checked },
              {
                onError: (error) =>
                  toastError("Error", error, "That choice could not be saved. Please try again."),
              },
            )
          }
          testId="push-in-app"
        />
      </div>
    );
  }

  return (
    <Card id="push-notifications" className="scroll-mt-28" data-testid="push-card">
      <CardHeader>
        <CardTitle>Notifications on this device</CardTitle>
        <CardDescription>
          Get your reminder as a notification on this phone or computer, with Mark contacted and
          Snooze 1 week on it.
        </CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
