// Settings → Phone sync: the address, user name and device passwords a phone's contacts app
// signs in to CardDAV with, and how to add the account on iPhone/macOS, Android and Thunderbird.
// A new password is shown once.
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  DEVICE_ACCESS_LABELS,
  DEVICE_NAME_MAX_CHARS,
  type CreatedDevice,
  type Device,
  type DeviceAccess,
} from "../../../../core/devices";
import { DateText } from "../../../components/date-text";
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
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import { useCreateDevice } from "../api/create-device";
import { useDevices } from "../api/list-devices";
import { useRevokeDevice } from "../api/revoke-device";
import { RevokeCredential } from "./revoke-credential";
import { ShownOnceSecret } from "./shown-once-secret";

type DeviceValues = { name: string; access: DeviceAccess };

function DeviceForm(props: { onCreated: (created: CreatedDevice) => void }) {
  const create = useCreateDevice();
  const form = useForm<DeviceValues>({ defaultValues: { name: "", access: "read" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name, access }) => {
    try {
      const created = await create.mutateAsync({ name: name.trim(), access });
      form.reset();
      props.onCreated(created);
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "The device password could not be made. Please try again.",
        knownFields: ["name", "access"],
      });
    }
  });
  return (
    <form
      noValidate
      aria-label="New device password"
      className="grid gap-4 sm:grid-cols-2"
      aria-busy={create.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field label="Device name" error={errors.name?.message} description="Like “Anna’s iPhone”.">
        <Input
          autoComplete="off"
          maxLength={DEVICE_NAME_MAX_CHARS}
          {...form.register("name", {
            validate: (value) => (value.trim() ? true : "Name the device, like “Anna’s iPhone”."),
          })}
        />
      </Field>
      <Field
        label="Access"
        error={errors.access?.message}
        description="Read and write lets the phone add, edit and delete contacts."
      >
        <Select {...form.register("access")}>
          {(["read", "read-write"] as const).map((access) => (
            <option key={access} value={access}>
              {DEVICE_ACCESS_LABELS[access]}
            </option>
          ))}
        </Select>
      </Field>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {errors.root.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden />
          {create.isPending ? "Creating..." : "Create a device password"}
        </Button>
      </div>
    </form>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const revoke = useRevokeDevice();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="device">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
          {device.name}
          <Badge variant="secondary">{DEVICE_ACCESS_LABELS[device.access]}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          Created <DateText value={device.createdAt} />
          {" · "}
          {device.lastUsedAt ? (
            <>
              Last synced <DateText value={device.lastUsedAt} />
            </>
          ) : (
            "Not used yet"
          )}
        </p>
      </div>
      <RevokeCredential
        name={device.name}
        description="The device stops syncing at once. Its contacts stay in the app."
        revokedTitle="Device password revoked"
        isPending={revoke.isPending}
        revoke={(callbacks) => revoke.mutate(device.id, callbacks)}
      />
    </li>
  );
}

const SETUP_HELP = [
  {
    title: "iPhone, iPad and Mac",
    steps:
      "iPhone: Settings → Contacts → Accounts → Add Account → Other → Add CardDAV Account. Mac: Contacts → Settings → Accounts → + → Other Contacts Account → CardDAV. Enter the server, your email and the device password.",
  },
  {
    title: "Android (DAVx⁵)",
    steps:
      "Install DAVx⁵, tap +, choose “Login with URL and user name”, and enter the server address, your email and the device password. Then turn on the address book it finds.",
  },
  {
    title: "Thunderbird",
    steps:
      "Address Book → New Address Book → Add CardDAV Address Book. Enter your email and the server address, then the device password when asked.",
  },
];

export function PhoneSyncCard() {
  const devices = useDevices();
  const [created, setCreated] = useState<CreatedDevice | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Phone sync</CardTitle>
        <CardDescription>
          Your contacts in your phone&apos;s own contacts app, dialer and mail (CardDAV). Each
          device signs in with a password of its own, never your account password. Signing out
          everywhere or changing your password ends them all.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {devices.isError ? (
          <LoadError error={devices.error} onRetry={() => void devices.refetch()} />
        ) : devices.data ? (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div className="grid min-w-0 gap-1">
                <dt className="font-medium">Server</dt>
                <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="dav-url">
                  {devices.data.url}
                </dd>
              </div>
              <div className="grid min-w-0 gap-1">
                <dt className="font-medium">User name</dt>
                <dd className="font-mono text-xs [overflow-wrap:anywhere]">
                  {devices.data.username}
                </dd>
              </div>
            </dl>
            {created ? (
              <ShownOnceSecret
                label={`Password for “${created.device.name}”`}
                hint="Type or paste it into the device now: it is not shown again."
                value={created.password}
                testId="device-password"
                panelTestId="new-device"
                noun="password"
                copied="Paste it into your phone's account settings."
                onDone={() => setCreated(null)}
              />
            ) : (
              <DeviceForm onCreated={setCreated} />
            )}
            {devices.data.devices.length > 0 ? (
              <section aria-labelledby="devices-list">
                <h3 id="devices-list" className="text-sm font-medium">
                  Your device passwords
                </h3>
                <ul className="divide-y divide-border">
                  {devices.data.devices.map((device) => (
                    <DeviceRow key={device.id} device={device} />
                  ))}
                </ul>
              </section>
            ) : null}
            <section aria-labelledby="phone-sync-help" className="grid gap-2">
              <h3 id="phone-sync-help" className="text-sm font-medium">
                How to add it
              </h3>
              {SETUP_HELP.map((help) => (
                <details key={help.title} className="rounded-md border border-border px-3 py-2">
                  <summary className="cursor-pointer text-sm font-medium">{help.title}</summary>
                  <p className="mt-2 text-sm text-muted-foreground">{help.steps}</p>
                </details>
              ))}
            </section>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
