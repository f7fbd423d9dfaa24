// The contact form's Location section: a place search that fills city, region, country,
// country code and coordinates (spec 02 §5), the fields themselves for corrections, the
// coordinates by hand under "Enter coordinates", and a preview map of the chosen place.
import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { Place } from "../../../../core/places";
import { LocationPreview } from "../../../components/location-preview";
import { LocationSearch, type FreeTextChoice } from "../../../components/location-search";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import type { ContactDraft, ContactFormControls } from "../lib/contact-draft";

type PlaceValues = Pick<
  ContactDraft,
  "city" | "region" | "country" | "countryCode" | "latitude" | "longitude"
>;

export function PlaceFields({ control, register, errors, setValue }: ContactFormControls) {
  const [city, region, country, latitude, longitude] = useWatch({
    control,
    name: ["city", "region", "country", "latitude", "longitude"],
  });
  const [initialText] = useState(() => [city, region, country].filter(Boolean).join(", "));
  const hasCoordinateError = Boolean(errors.latitude || errors.longitude);
  const [isCoordinatesOpen, setIsCoordinatesOpen] = useState(false);

  function fill(values: Partial<PlaceValues>) {
    for (const [key, value] of Object.entries(values) as [keyof PlaceValues, string][]) {
      setValue(key, value, { shouldDirty: true, shouldValidate: true });
    }
  }

  function choose(place: Place) {
    fill({
      city: place.city ?? "",
      region: place.region ?? "",
      country: place.country,
      countryCode: place.countryCode ?? "",
      latitude: String(place.latitude),
      longitude: String(place.longitude),
    });
  }

  // Spec 02 §5: a country clears city and region; other text is a city whose coordinates we
  // do not know (the previous place's would be wrong).
  function confirm(choice: FreeTextChoice) {
    if (choice.kind === "country") {
      choose(choice.place);
    } else {
      fill({ city: choice.text, latitude: "", longitude: "" });
    }
  }

  const label = [city, region, country].filter(Boolean).join(", ");
  const lat = latitude.trim() === "" ? null : Number(latitude);
  const lng = longitude.trim() === "" ? null : Number(longitude);
  return (
    <div className="grid gap-4">
      <Field
        label="Search for a place"
        description="Type 3 or more letters of a city or country, then choose from the list."
      >
        <LocationSearch defaultValue={initialText} onSelect={choose} onFreeText={confirm} />
      </Field>
      <LocationPreview latitude={lat} longitude={lng} label={label || "the chosen place"} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="off" {...register("city")} />
        </Field>
        <Field label="Region or state" error={errors.region?.message}>
          <Input autoComplete="off" {...register("region")} />
        </Field>
        <Field label="Country" error={errors.country?.message}>
          <Input autoComplete="off" {...register("country")} />
        </Field>
        <Field
          label="Country code"
          description="Two letters, like GB or US"
          error={errors.countryCode?.message}
        >
          <Input
            autoComplete="off"
            maxLength={2}
            className="w-24 uppercase"
            {...register("countryCode")}
          />
        </Field>
      </div>
      <details
        open={isCoordinatesOpen || hasCoordinateError}
        onToggle={(e) => setIsCoordinatesOpen(e.currentTarget.open)}
        className="grid gap-4"
      >
        <summary className="cursor-pointer text-sm font-medium">Enter coordinates</summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            label="Latitude"
            description="For the world map (-90 to 90)"
            error={errors.latitude?.message}
          >
            <Input inputMode="decimal" {...register("latitude")} />
          </Field>
          <Field label="Longitude" description="-180 to 180" error={errors.longitude?.message}>
            <Input inputMode="decimal" {...register("longitude")} />
          </Field>
        </div>
      </details>
    </div>
  );
}
