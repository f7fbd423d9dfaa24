// Card fields formatted as they are typed: the number in groups of four
// ("4242 4242 4242 4242") and the expiry as "MM / YY" with the slash put in for you, so a phone's
// number pad (which has no slash) is enough. The server accepts both with or without spaces.

const CARD_DIGITS_MAX = 19;

export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, CARD_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * "1" → "1", "4" → "04 / ", "12" → "12 / ", "1/" → "01 / ", "1234" → "12 / 34". While deleting,
 * the separator is not put back, so backspace goes from "12 / " to "12" to "1".
 */
export function formatExpiry(value: string, options: { isDeleting?: boolean } = {}): string {
  let digits = value.replace(/\D/g, "");
  const hasSlash = value.includes("/");
  if (digits.length === 1 && (Number(digits) > 1 || (hasSlash && !options.isDeleting))) {
    digits = `0${digits}`;
  }
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return options.isDeleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Where the caret goes in `formatted` to stay after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? "") && ++seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/**
 * Reformats an input in place from its change event, before react-hook-form reads it, keeping
 * the caret after the digit it followed (typing in the middle of a number does not jump to the
 * end).
 */
export function reformatInput(
  input: HTMLInputElement,
  format: (value: string, options: { isDeleting: boolean }) => string,
  inputType: string | undefined,
): void {
  const raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  const isAtEnd = caret >= raw.length;
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, "").length;
  const formatted = format(raw, { isDeleting: inputType?.startsWith("delete") ?? false });
  if (formatted === raw) return;
  input.value = formatted;
  const next = isAtEnd ? formatted.length : caretAfterDigits(formatted, digitsBefore);
  if (document.activeElement === input) input.setSelectionRange(next, next);
}
