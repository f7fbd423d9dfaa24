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

// Several emails or phone numbers, each with an optional label (Work, Home…).
export function EntryListFields(props: {
  name: "emails" | "phones";
  control: Control<ContactDraft, unknown, ContactCreateInput>;
  register: UseFormRegister<ContactDraft>;
  errors: FieldErrors<ContactDraft>;
}) {
  const { fields, append, remove } = useFieldArray({ control: props.control, name: props.name });
  const isEmail = props.name === "emails";
  const noun = isEmail ? "email" : "phone number";
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{isEmail ? "Emails" : "Phone numbers"}</legend>
      {fields.map((field, index) => {
        const error = props.errors[props.name]?.[index]?.value?.message;
        const id = `${props.name}-${index}`;
        return (
          <div key={field.id} className="grid gap-1">
            <div className="flex gap-2">
              <Label htmlFor={`${id}-label`} className="sr-only">
                Label for {noun} {index + 1}
              </Label>
              <Input
                id={`${id}-label`}
                placeholder="Label"
                className="w-28 shrink-0"
                {...props.register(`${props.name}.${index}.label`)}
              />
              <Label htmlFor={`${id}-value`} className="sr-only">
                {isEmail ? "Email" : "Phone number"} {index + 1}
              </Label>
              <Input
                id={`${id}-value`}
                type={isEmail ? "email" : "tel"}
                autoComplete="off"
                placeholder={isEmail ? "name@example.com" : "+44 20 7946 0958"}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...props.register(`${props.name}.${index}.value`)}
              />
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
          </div>
        );
      })}
      {fields.length < CONTACT_LIMITS.values ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append({ label: "", value: "" })}
        >
          <Plus aria-hidden />
          Add {noun}
        </Button>
      ) : null}
      {!isEmail ? (
        <p className="text-xs text-muted-foreground">
          Include the country code (+44…) so WhatsApp and Telegram links work.
        </p>
      ) : null}
    </fieldset>
  );
}
