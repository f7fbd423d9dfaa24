// A date as the app shows it everywhere (src/web/lib/format-date.ts), in the user's time zone:
// relative while recent, absolute with the year once older; the full date and time is in the
// tooltip and in <time dateTime> for assistive technology.
import { formatAbsolute, formatWhen, formatWhenCapitalized } from "../lib/format-date";
import { useTimeZone } from "../lib/session/use-time-zone";

export function DateText(props: {
  value: string | Date;
  /** Show the time with an absolute date (history entries, notifications). */
  withTime?: boolean;
  /** Starts a sentence or stands alone: "Yesterday" rather than "yesterday". */
  isCapitalized?: boolean;
  className?: string;
}) {
  const timeZone = useTimeZone();
  const date = new Date(props.value);
  const options = { timeZone, withTime: props.withTime };
  const text = props.isCapitalized
    ? formatWhenCapitalized(date, options)
    : formatWhen(date, options);
  return (
    <time
      dateTime={date.toISOString()}
      // The tooltip has the time too, unless the caller says there is none (a date-only entry).
      title={formatAbsolute(date, { timeZone, withTime: props.withTime ?? true })}
      className={props.className}
    >
      {text}
    </time>
  );
}
