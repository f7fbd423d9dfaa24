// A contact's postal addresses, each with a label (Home, Work…); the one ticked as the place on
// the map gives the Location section its city, region and country.
import { Plus, Trash2 } from "lucide-react";
import type { ChangeEvent } from "react";
import { useFieldArray, type UseFormGetValues } from "react-hook-form";
import { CONTACT_LIMITS } from "../../../../core/contact-limits";
import { ADDRESS_PART_LABELS, type AddressPart } from "../../../../core/postal-address";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import {
  emptyAddressDraft,
  type ContactDraft,
  type ContactFormControls,
} from "../lib/contact-draft";

type Props = ContactFormControls & { getValues: UseFormGetValues<ContactDraft> };

const PART_ROWS: AddressPart[][] = [
  ["street", "extended"],
  ["city", "region"],
  ["postalCode", "country"],
];
const AUTOCOMPLETE: Record<AddressPart, string> = {
  street: "address-line1",
  extended: "address-line2",
  city: "address-level2",
  region: "address-level1",
  postalCode: "postal-code",
  country: "country-name",
};

export function AddressFields({ control, register, errors, setValue, getValues }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: "addresses" });
  const dirty = { shouldDirty: true, shouldValidate: true } as const;

  // One address is the place: ticking one unticks the others and moves its town onto the map;
  // coordinates found for another town would be wrong, so they go.
  function makePlace(index: number, isPlace: boolean) {
    getValues("addresses").forEach((_, i) => {
      if (i !== index) setValue(`addresses.${i}.isPlace`, false, dirty);
    });
    if (!isPlace) return;
    const address = getValues(`addresses.${index}`);
    const place = getValues(["city", "region", "country"]);
    if (place.join("\n") === [address.city, address.region, address.country].join("\n")) return;
    setValue("city", address.city, dirty);
    setValue("region", address.region, dirty);
    setValue("country", address.country, dirty);
    for (const key of ["countryCode", "latitude", "longitude"] as const) setValue(key, "", dirty);
  }

  return (
    <div className="grid gap-4">
      {fields.map((field, index) => {
        const error = errors.addresses?.[index];
        const n = index + 1;
        return (
          <fieldset key={field.id} className="grid min-w-0 gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Address {n}</legend>
            <div className="flex items-end gap-2">
              <Field label={`Label for address ${n}`} className="grid flex-1 gap-1">
                <Input
                  autoComplete="off"
                  placeholder="Home, Work…"
                  {...register(`addresses.${index}.label`)}
                />
              </Field>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove address ${n}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            {PART_ROWS.map((row) => (
              <div key={row.join()} className="grid gap-3 sm:grid-cols-2">
                {row.map((part) => (
                  <Field
                    key={part}
                    label={ADDRESS_PART_LABELS[part]}
                    className="grid min-w-0 gap-1"
                    error={error?.[part]?.message}
                  >
                    <Input
                      autoComplete={`section-address${n} ${AUTOCOMPLETE[part]}`}
                      {...register(`addresses.${index}.${part}`)}
                    />
                  </Field>
                ))}
              </div>
            ))}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                {...register(`addresses.${index}.isPlace`, {
                  onChange: (e: ChangeEvent<HTMLInputElement>) =>
                    makePlace(index, e.target.checked),
                })}
              />
              Their place on the map
            </label>
          </fieldset>
        );
      })}
      {errors.addresses?.message || errors.addresses?.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.addresses.message ?? errors.addresses.root?.message}
        </p>
      ) : null}
      {fields.length < CONTACT_LIMITS.addresses ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append(emptyAddressDraft())}
        >
          <Plus aria-hidden />
          Add address
        </Button>
      ) : null}
    </div>
  );
}
