// The "Submit Feedback" dialog (spec 02 §2, §5, §8): type, Subject, Message, an optional image,
// Cancel and "Submit Feedback". A bug report may carry diagnostics, only with the box ticked.
import { useId, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGES as M,
  FEEDBACK_SUBJECT_MAX,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  type FeedbackType,
} from "../../../../core/feedback";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api-client";
import { useMe } from "../../../lib/session/get-me";
import { toast } from "../../../lib/toast";
import { useSubmitFeedback } from "../api/submit-feedback";
import { collectDiagnostics } from "../lib/diagnostics";

function showFailure(error: unknown): void {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 401 || status === 403) {
    toast({ title: M.validationTitle, description: M.loginRequired, variant: "destructive" });
  } else if (status === 415) {
    toast({ title: M.invalidFileTitle, description: M.invalidFile, variant: "destructive" });
  } else if (status === 413) {
    toast({ title: M.tooLargeTitle, description: M.tooLarge, variant: "destructive" });
  } else if (status === 400 && (error as ApiRequestError).message === M.requiredFields) {
    toast({ title: M.validationTitle, description: M.requiredFields, variant: "destructive" });
  } else {
    const message = error instanceof Error && error.message ? error.message : M.unexpected;
    toast({ title: M.errorTitle, description: message, variant: "destructive" });
  }
}

type FeedbackFormValues = {
  feedbackType: FeedbackType;
  subject: string;
  message: string;
  shareDiagnostics: boolean;
};

const EMPTY_FEEDBACK: FeedbackFormValues = {
  feedbackType: "feedback",
  subject: "",
  message: "",
  shareDiagnostics: false,
};

function isFilled(message: string) {
  return (value: string) => value.trim() !== "" || message;
}

export function FeedbackDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: me } = useMe();
  const submit = useSubmitFeedback();
  const form = useForm<FeedbackFormValues>({ defaultValues: EMPTY_FEEDBACK });
  const { errors } = form.formState;
  const feedbackType = useWatch({ control: form.control, name: "feedbackType" });
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const consentId = useId();

  function reset() {
    form.reset(EMPTY_FEEDBACK);
    setImage(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  function clearFile() {
    setImage(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  function chooseFile(file: File | undefined) {
    if (!file) return clearFile();
    // A first look by the browser's idea of the type; the server checks the content itself.
    if (!file.type.startsWith("image/")) {
      toast({ title: M.invalidFileTitle, description: M.invalidFile, variant: "destructive" });
      return clearFile();
    }
    if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
      toast({ title: M.tooLargeTitle, description: M.tooLarge, variant: "destructive" });
      return clearFile();
    }
    setImage(file);
  }

  function send(values: FeedbackFormValues) {
    if (!me) {
      toast({ title: M.validationTitle, description: M.loginRequired, variant: "destructive" });
      return;
    }
    const isBug = values.feedbackType === "bug";
    submit.mutate(
      {
        feedbackType: values.feedbackType,
        subject: values.subject,
        message: values.message,
        image,
        diagnostics: isBug && values.shareDiagnostics ? collectDiagnostics() : null,
      },
      {
        onSuccess: () => {
          toast({ title: M.successTitle, description: M.success });
          reset();
          props.onOpenChange(false);
        },
        onError: showFailure,
      },
    );
  }

  // Both empty fields are marked at once; the spec's toast says what is wrong (spec 02 §8).
  function onSubmit(event: FormEvent) {
    void form.handleSubmit(send, () =>
      toast({ title: M.validationTitle, description: M.requiredFields, variant: "destructive" }),
    )(event);
  }

  const isSubmitting = submit.isPending;
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open && isSubmitting) return;
        if (!open) reset();
        props.onOpenChange(open);
      }}
    >
      <DialogContent>
        <DialogTitle>{M.title}</DialogTitle>
        <DialogDescription>
          Tell us what you think, report a problem, or ask for a feature.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label="Type">
            <Select {...form.register("feedbackType")}>
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FEEDBACK_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Subject" error={errors.subject?.message}>
            <Input
              maxLength={FEEDBACK_SUBJECT_MAX}
              required
              {...form.register("subject", { validate: isFilled("Enter a subject") })}
            />
          </Field>
          <Field label="Message" error={errors.message?.message}>
            <Textarea
              rows={5}
              maxLength={FEEDBACK_MESSAGE_MAX}
              required
              {...form.register("message", { validate: isFilled("Enter a message") })}
            />
          </Field>
          <Field label="Attachment (optional)" description={M.imageHint}>
            <Input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              className="ui-field-file"
              onChange={(e) => chooseFile(e.target.files?.[0])}
            />
          </Field>
          {image ? (
            <div className="-mt-2 flex min-w-0 items-center gap-2 text-sm">
              <span className="min-w-0 truncate text-muted-foreground">{image.name}</span>
              <Button type="button" size="sm" variant="ghost" onClick={clearFile}>
                Remove image
              </Button>
            </div>
          ) : null}
          {feedbackType === "bug" ? (
            <div className="grid gap-2 rounded-md border border-border p-3 text-sm">
              <div className="flex items-start gap-2">
                <input
                  id={consentId}
                  type="checkbox"
                  className="mt-1 size-4"
                  {...form.register("shareDiagnostics")}
                />
                <label htmlFor={consentId}>
                  Include technical details: my browser, the app version and the last errors logged
                  in this browser
                </label>
              </div>
              <details>
                <summary className="cursor-pointer py-3 text-muted-foreground md:py-0">
                  What would be sent
                </summary>
                <pre
                  className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs"
                  tabIndex={0}
                  aria-label="Technical details that would be sent"
                >
                  {JSON.stringify(collectDiagnostics(), null, 2)}
                </pre>
              </details>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={isSubmitting}
              onClick={() => {
                reset();
                props.onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? M.submitting : M.title}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
