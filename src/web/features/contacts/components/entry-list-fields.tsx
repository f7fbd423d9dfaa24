import { Plus, Trash2 } from "lucide-react";
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";
import type { ContactCreateInput } from "../../../../core/contacts";
import { CONTACT_LIMITS } from "../../../../core/contact-limits";
import { Button } from "../../../components/ui/button";
import { Input, Label } from "../../../components/ui/input";
import type { ContactDraft } from "../lib/contact-draft";

// Several emails, phone numbers or websites, each with an optional label (Work, Home…).
const WORDS = {
  emails: {
    legend: "Emails",
    noun: "email",
    value: "Email",
    type: "email",
    example: "name@example.com",
    labels: ["Home", "Work", "Other"],
  },
  phones: {
    legend: "Phone numbers",
    noun: "phone number",
    value: "Phone number",
    type: "tel",
    example: "+44 20 7946 0958",
    labels: ["Mobile", "Home", "Work", "Work fax", "Home fax", "Pager", "Other"],
  },
  websites: {
    legend: "Websites",
    noun: "website",
    value: "Website",
    type: "url",
    example: "example.com",
    labels: ["Home page", "Work", "Blog", "Profile"],
  },
} as const;

const BLANK_ENTRY = { label: "", value: "" };
const BLANK_PHONE = { label: "", value: "", ext: "" };

export function EntryListFields(props: {
  name: "emails" | "phones" | "websites";
  control: Control<ContactDraft, unknown, ContactCreateInput>;
  register: UseFormRegister<ContactDraft>;
  errors: FieldErrors<ContactDraft>;
}) {
  const { fields, append, remove } = useFieldArray({ control: props.control, name: props.name });
  const words = WORDS[props.name];
  const noun = words.noun;
  const suggestions = `${props.name}-labels`;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{words.legend}</legend>
      {/* The usual labels to pick from; any other can be typed. */}
      <datalist id={suggestions}>
        {words.labels.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      {fields.map((field, index) => {
        const error = props.errors[props.name]?.[index]?.value?.message;
        const extError =
          props.name === "phones" ? props.errors.phones?.[index]?.ext?.message : undefined;
        const id = `${props.name}-${index}`;
        return (
          <div key={field.id} className="grid gap-1">
            {/* On a phone the label has a line of its own, so the value keeps the width. */}
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Label htmlFor={`${id}-label`} className="sr-only">
                Label for {noun} {index + 1}
              </Label>
              <Input
                id={`${id}-label`}
                placeholder="Label"
                list={suggestions}
                autoComplete="off"
                className="w-full sm:w-28 sm:shrink-0"
                {...props.register(`${props.name}.${index}.label`)}
              />
              <Label htmlFor={`${id}-value`} className="sr-only">
                {words.value} {index + 1}
              </Label>
              <Input
                id={`${id}-value`}
                type={words.type}
                autoComplete="off"
                placeholder={words.example}
                className="min-w-0 flex-1"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...props.register(`${props.name}.${index}.value`)}
              />
              {props.name === "phones" ? (
                <>
                  <Label htmlFor={`${id}-ext`} className="sr-only">
                    Extension for {noun} {index + 1}
                  </Label>
                  <Input
                    id={`${id}-ext`}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="Ext."
                    className="w-14 shrink-0 sm:w-20"
                    aria-invalid={extError ? true : undefined}
                    aria-describedby={extError ? `${id}-ext-error` : undefined}
                    {...props.register(`phones.${index}.ext`)}
                  />
                </>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${noun} ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            {extError ? (
              <p
                id={`${id}-ext-error`}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {extError}
              </p>
            ) : null}
          </div>
        );
      })}
      {fields.length < CONTACT_LIMITS.values ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append(props.name === "phones" ? BLANK_PHONE : BLANK_ENTRY)}
        >
          <Plus aria-hidden />
          Add {noun}
        </Button>
      ) : null}
      {props.name === "phones" ? (
        <p className="text-xs text-muted-foreground">
          Include the country code (+44…) so WhatsApp and Telegram links work.
        </p>
      ) : null}
    </fieldset>
  );
}
