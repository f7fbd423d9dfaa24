// The one way a form takes values that arrive, or change, after it has rendered:
// fields the user has not touched follow the new values; every field the user changed keeps
// what they typed. Spread into useForm: `useForm({ resolver, defaultValues, ...lateValues(v) })`.
//
// The errors a submit showed stay when the values arrive: a person who pressed
// "Pay" before the checkout's email had loaded saw every field's error, then saw them vanish as
// the form took the email, with nothing said. They are checked again on the next change or submit.
export function lateValues<T>(values: T | undefined) {
  return { values, resetOptions: { keepDirtyValues: true, keepErrors: true } } as const;
}
