// A file input for one image, shown as an outline button: the input stays in the page (hidden)
// so the label opens the picker and the keyboard reaches it.
import { Upload } from "lucide-react";
import { useId, type ChangeEvent, type Ref } from "react";
import { cn } from "../../lib/utils";
import { buttonVariants } from "./button";

export const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

export function ImageFileButton({
  children,
  disabled,
  size,
  inputRef,
  onChange,
}: {
  children: string;
  disabled?: boolean;
  size?: "sm";
  inputRef?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        className="peer sr-only"
        disabled={disabled}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: "outline", size }),
          "cursor-pointer peer-focus-visible:outline-2 peer-disabled:opacity-60",
        )}
      >
        <Upload aria-hidden />
        {children}
      </label>
    </>
  );
}
