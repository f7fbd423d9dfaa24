import { useEffect, useState, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type {
  Contact,
  ContactCreateInput,
  ContactEdit,
  ContactInput,
} from "../../../../core/contacts";
import { describeRhythm } from "../../../../core/rhythm";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS } from "../../../../core/contact-methods";
import { LeaveGuard } from "../../../components/leave-guard";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { showServerErrors } from "../../../lib/form-errors";
import { lateValues } from "../../../lib/late-values";
import {
  createResolver,
  editResolver,
  timeZoneInput,
  toDraft,
  type ContactDraft,
} from "../lib/contact-draft";
import { monthNames } from "../../../lib/format-date";
import { browserToday } from "../lib/format";
import { AddressFields } from "./address-fields";
import { EntryListFields } from "./entry-list-fields";
import { PlaceFields } from "./place-fields";
import { RhythmPicker } from "./rhythm-picker";
import { TimeZoneFields } from "./time-zone-fields";

type Props =
  | {
      mode: "create";
      onSubmit: (input: ContactCreateInput) => Promise<unknown>;
      onCancel: () => void;
      timeZone: string;
    }
  | {
      mode: "edit";
      contact: Contact;
      /** Only the fields the user changed, and the version of the contact the form opened. */
      onSubmit: (patch: ContactEdit) => Promise<unknown>;
      onCancel: () => void;
      timeZone: string;
    };

// While the contact follows a group, "No rhythm" here means "the group's".
function followsHint(props: Props): string | undefined {
  if (props.mode !== "edit" || !props.contact.rhythmSource) return undefined;
  const { rhythm, rhythmSource } = props.contact;
  return `Without a rhythm of their own they follow ${rhythmSource.tag}: ${describeRhythm(rhythm)}. Choose one to give them their own.`;
}

// Create and edit share one form, validated by the same zod schema as the server (loaded when
// the form is first focused, which it is as it opens).
export function ContactForm(props: Props) {
  const resolver = props.mode === "create" ? createResolver : editResolver;
  const form = useForm<ContactDraft, unknown, ContactCreateInput>({
    resolver,
    defaultValues: toDraft(props.mode === "edit" ? props.contact : undefined),
    // A newer copy of the contact (a refetch) updates the fields not being edited.
    ...lateValues(props.mode === "edit" ? toDraft(props.contact) : undefined),
  });
  const { register, control, formState, handleSubmit, setError, setFocus, setValue, getValues } =
    form;
  const errors = formState.errors;
  const method = useWatch({ control, name: "preferredMethod" });
  // The version this edit started from: saving over a newer one is refused (409) by the server.
  // A newer copy that arrives before anything is typed (the device's copy opened the form, then
  // the server's answer came) is where the edit starts from instead.
  const latestVersion = props.mode === "edit" ? props.contact.updatedAt : "";
  const [openedVersion, setOpenedVersion] = useState(latestVersion);
  if (latestVersion !== openedVersion && !formState.isDirty) setOpenedVersion(latestVersion);

  useEffect(() => {
    setFocus("firstName");
  }, [setFocus]);

  const submit = handleSubmit(async (input) => {
    try {
      const timeZone = timeZoneInput(getValues("timeZoneMode"), input.timeZone);
      if (props.mode === "create") {
        await props.onSubmit({ ...input, ...timeZone });
      } else {
        // Only what the user changed: a field someone else changed meanwhile is not overwritten
        // with the copy this form loaded.
        const changed = new Set(Object.keys(formState.dirtyFields));
        const patch = Object.fromEntries(
          Object.entries(input).filter(([key]) => changed.has(key) && key !== "timeZone"),
        ) as Partial<ContactInput>;
        const isTimeZoneChanged = changed.has("timeZoneMode") || changed.has("timeZone");
        await props.onSubmit({
          ...patch,
          ...(isTimeZoneChanged ? timeZone : {}),
          expectedUpdatedAt: openedVersion,
        });
      }
    } catch (error) {
      const marked = showServerErrors(setError, error, {
        fallback: "We couldn't save this contact.",
      });
      // A long form: the summary under the Save button names the problem too.
      if (marked.length > 0) {
        setError("root", { message: errorMessage(error, "We couldn't save this contact.") });
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.preload} noValidate className="grid gap-8">
      <LeaveGuard
        when={formState.isDirty && !formState.isSubmitting}
        what={props.mode === "create" ? "this new contact" : "this contact"}
      />
      <Section title="Name and work">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            <Input autoComplete="off" {...register("firstName")} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="off" {...register("lastName")} />
          </Field>
          <Field label="Nickname" error={errors.nickname?.message}>
            <Input autoComplete="off" {...register("nickname")} />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Prefix" description="Dr, Ms…" error={errors.namePrefix?.message}>
              <Input autoComplete="off" {...register("namePrefix")} />
            </Field>
            <Field label="Suffix" description="Jr, PhD…" error={errors.nameSuffix?.message}>
              <Input autoComplete="off" {...register("nameSuffix")} />
            </Field>
          </div>
          <Field label="Company" error={errors.company?.message}>
            <Input autoComplete="off" {...register("company")} />
          </Field>
          <Field label="Job title" error={errors.jobTitle?.message}>
            <Input autoComplete="off" {...register("jobTitle")} />
          </Field>
        </div>
      </Section>

      <Section title="Keeping in touch">
        <Controller
          control={control}
          name="rhythm"
          render={({ field, fieldState }) => (
            <RhythmPicker
              value={field.value}
              onChange={field.onChange}
              hint={followsHint(props)}
              error={
                fieldState.error?.message ??
                (errors.rhythm as { interval?: { message?: string } } | undefined)?.interval
                  ?.message
              }
            />
          )}
        />
        {props.mode === "create" ? (
          <Field
            label="Last in touch (optional)"
            description="When you last talked. It is saved in the history and the rhythm counts from it."
            error={errors.lastContactedOn?.message}
          >
            <Input
              type="date"
              max={browserToday(props.timeZone)}
              className="w-auto"
              {...register("lastContactedOn")}
            />
          </Field>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Preferred way to get in touch" error={errors.preferredMethod?.message}>
            <Select {...register("preferredMethod")}>
              <option value="">Not set</option>
              {CONTACT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {CONTACT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          {method === "telegram" ? (
            <Field
              label="Telegram username"
              description="Without the @. Leave empty to use the phone number."
              error={errors.telegramUsername?.message}
            >
              <Input autoComplete="off" {...register("telegramUsername")} />
            </Field>
          ) : null}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <EntryListFields name="emails" control={control} register={register} errors={errors} />
          <EntryListFields name="phones" control={control} register={register} errors={errors} />
          <EntryListFields name="websites" control={control} register={register} errors={errors} />
        </div>
      </Section>

      <Section title="Location">
        <PlaceFields control={control} register={register} errors={errors} setValue={setValue} />
        <TimeZoneFields control={control} register={register} errors={errors} setValue={setValue} />
      </Section>

      <Section title="Addresses">
        <AddressFields
          control={control}
          register={register}
          errors={errors}
          setValue={setValue}
          getValues={getValues}
        />
      </Section>

      <Section title="More">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Birthday</legend>
          <div className="flex flex-wrap gap-2">
            <Field label="Month" className="grid gap-1" error={errors.birthday?.month?.message}>
              <Select className="w-40" {...register("birthday.month")}>
                <option value="">Month</option>
                {monthNames().map((name, i) => (
                  <option key={name} value={i + 1}>
                    {name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Day" className="grid gap-1" error={errors.birthday?.day?.message}>
              <Input
                type="number"
                min={1}
                max={31}
                className="w-20"
                {...register("birthday.day")}
              />
            </Field>
            <Field
              label="Year (optional)"
              className="grid gap-1"
              error={errors.birthday?.year?.message}
            >
              <Input
                type="number"
                min={1900}
                max={2100}
                className="w-28"
                {...register("birthday.year")}
              />
            </Field>
          </div>
        </fieldset>
        <Field
          label="Tags"
          description="Separate tags with commas, like family, book club"
          error={errors.tags?.message}
        >
          <Input autoComplete="off" {...register("tags")} />
        </Field>
        <Field label="Notes" error={errors.notes?.message}>
          <Textarea rows={5} {...register("notes")} />
        </Field>
      </Section>

      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting
            ? "Saving..."
            : props.mode === "create"
              ? "Add contact"
              : "Save changes"}
        </Button>
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.children}
    </section>
  );
}
