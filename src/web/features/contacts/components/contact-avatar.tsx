import { InitialsAvatar } from "../../../components/avatar";

/**
 * A contact's photo when they have one, else their initials. The photo is fetched by its URL
 * (cached for good: a new photo has a new URL), so the list's data stays small; like the
 * initials it is decorative, the name being beside it.
 */
export function ContactAvatar(props: { name: string; photoUrl: string | null; size: 32 | 64 }) {
  if (!props.photoUrl) return <InitialsAvatar seed={props.name} size={props.size} />;
  return (
    <img
      src={props.photoUrl}
      alt=""
      aria-hidden="true"
      width={props.size}
      height={props.size}
      loading="lazy"
      decoding="async"
      data-testid="contact-photo"
      className="ui-avatar"
      style={{ width: props.size, height: props.size }}
    />
  );
}
