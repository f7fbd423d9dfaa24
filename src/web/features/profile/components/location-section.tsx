// The profile's Location section (spec 02 §5): a place search that fills the fields below it,
// the address fields themselves, and a small map of the chosen place.
import { useFormContext, useWatch } from "react-hook-form";
import type { Place } from "../../../../core/places";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { LocationPreview } from "../../../components/location-preview";
import { LocationSearch, type FreeTextChoice } from "../../../components/location-search";

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  countryCode: string;
  formattedAddress: string;
  latitude: number | null;
  longitude: number | null;
};

const SET = { shouldDirty: true, shouldValidate: false } as const;

export function LocationSection() {
  const { register, setValue, control, formState, clearErrors } =
    useFormContext<ProfileFormValues>();
  const errors = formState.errors;
  const [latitude, longitude, label, formattedAddress] = useWatch({
    control,
    name: ["latitude", "longitude", "city", "formattedAddress"],
  });

  function applyPlace(place: Place) {
    clearErrors();
    // A country clears city, street, number and region (spec 02 §5).
    const isCountry = place.type === "country";
    if (isCountry) setValue("streetAddress", "", SET);
    setValue("city", place.type === "place" ? (place.city ?? place.name) : "", SET);
    setValue(
      "state",
      isCountry ? "" : (place.region ?? (place.type === "region" ? place.name : "")),
      SET,
    );
    if (isCountry) setValue("postalCode", "", SET);
    setValue("country", place.country, SET);
    setValue("countryCode", place.countryCode ?? "", SET);
    setValue("formattedAddress", place.label, SET);
    setValue("latitude", place.latitude, SET);
    setValue("longitude", place.longitude, SET);
  }

  function applyFreeText(choice: FreeTextChoice) {
    if (choice.kind === "country") {
      applyPlace(choice.place);
      return;
    }
    // A city we could not place: kept as typed, without coordinates.
    setValue("city", choice.text, SET);
    setValue("formattedAddress", choice.text, SET);
    setValue("latitude", null, SET);
    setValue("longitude", null, SET);
  }

  // A field edited by hand no longer matches the coordinates the search gave.
  const forgetCoordinates = () => {
    setValue("latitude", null, SET);
    setValue("longitude", null, SET);
    setValue("formattedAddress", "", SET);
  };

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4">
      <legend className="mb-2 text-lg font-semibold">Location</legend>
      <Field
        label="Find your place"
        description="Type at least 3 letters of a city or country and choose it; the fields below fill in."
      >
        <LocationSearch
          onSelect={applyPlace}
          onFreeText={applyFreeText}
          defaultValue={formattedAddress || ""}
          placeholder="e.g. Lisbon"
        />
      </Field>
      <Field label="Street address" error={errors.streetAddress?.message}>
        <Input autoComplete="street-address" {...register("streetAddress")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="City" error={errors.city?.message}>
          <Input
            autoComplete="address-level2"
            {...register("city", { onChange: forgetCoordinates })}
          />
        </Field>
        <Field label="State / Region" error={errors.state?.message}>
          <Input autoComplete="address-level1" {...register("state")} />
        </Field>
        <Field label="Postal code" error={errors.postalCode?.message}>
          <Input autoComplete="postal-code" {...register("postalCode")} />
        </Field>
        <Field label="Country" error={errors.country?.message}>
          <Input
            autoComplete="country-name"
            {...register("country", {
              onChange: () => {
                setValue("countryCode", "", SET);
                forgetCoordinates();
              },
            })}
          />
        </Field>
      </div>
      <LocationPreview
        latitude={latitude}
        longitude={longitude}
        label={formattedAddress || label || "Your location"}
      />
    </fieldset>
  );
}
