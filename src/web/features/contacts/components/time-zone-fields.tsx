// The contact form's time zone: follow their place (the server finds the zone), none, or a zone
// chosen from the browser's list. A chosen zone stays when their place changes.
import { Controller, useWatch } from "react-hook-form";
import { TimeZonePicker } from "../../../components/time-zone-picker";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import type { ContactFormControls } from "../lib/contact-draft";

export const TIME_ZONE_MODE_LABELS = {
  place: "From their place",
  none: "None",
  zone: "A zone I choose",
} as const;

export function TimeZoneFields({ control, register, errors }: ContactFormControls) {
  const mode = useWatch({ control, name: "timeZoneMode" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Time zone" description="Their local time shows on their page and on the map.">
        <Select {...register("timeZoneMode")}>
          {Object.entries(TIME_ZONE_MODE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {mode === "zone" ? (
        <Field label="Their zone" error={errors.timeZone?.message}>
          <ZonePicker control={control} />
        </Field>
      ) : null}
    </div>
  );
}

// Inside <Field>, which hands its input the label's id and the aria links.
function ZonePicker(props: {
  control: ContactFormControls["control"];
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <Controller
      control={props.control}
      name="timeZone"
      render={({ field }) => (
        <TimeZonePicker
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          id={props.id}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
        />
      )}
    />
  );
}
