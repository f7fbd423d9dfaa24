// Intl.DateTimeFormat's constructor costs far more than a format call, and a digest run asks for
// the same few zones and shapes thousands of times: one formatter per locale and options.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 2000;

/** A cached `new Intl.DateTimeFormat(locale, options)`; throws as it does on an unknown zone. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
