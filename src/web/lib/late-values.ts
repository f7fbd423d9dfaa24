// The one way a form takes values that arrive, or change, after it has rendered (decision 120):
// fields the user has not touched follow the new values; every field the user changed keeps
// what they typed. Spread into useForm: `useForm({ resolver, defaultValues, ...lateValues(v) })`.
export function lateValues<T>(values: T | undefined) {
  return { values, resetOptions: { keepDirtyValues: true } } as const;
}
