import { initialsAvatar } from "../../core/initials-avatar";
import { readAvatarStyle } from "../lib/avatar-style-cache";
import { cn } from "../lib/utils";

// A person's avatar: their uploaded image, or a deterministic generated one from our server.
export function Avatar(props: {
  seed: string;
  style?: string;
  imageUrl?: string | null;
  size?: 32 | 64 | 128;
  className?: string;
  alt?: string;
}) {
  const size = props.size ?? 32;
  const src =
    props.imageUrl ||
    `/api/avatars/${encodeURIComponent(props.style ?? readAvatarStyle())}.svg?seed=${encodeURIComponent(props.seed)}&size=${size}`;
  return (
    <img
      src={src}
      alt={props.alt ?? ""}
      width={size}
      height={size}
      loading="lazy"
      className={cn("ui-avatar", props.className)}
      style={{ width: size, height: size }}
    />
  );
}

/**
 * A contact's initials on their colour, as the avatar route's "initials" style draws them, drawn
 * by the page itself: no request, no image document per row. Decorative, as the
 * image was (its alt was empty): the name is always beside it, so it is hidden from assistive
 * technology, and its letters come from the stylesheet (`content`), not the page's text.
 */
export function InitialsAvatar(props: { seed: string; size?: 32 | 64; className?: string }) {
  const size = props.size ?? 32;
  const { initials, background, foreground } = initialsAvatar(props.seed);
  return (
    <span
      aria-hidden="true"
      data-initials={initials}
      className={cn("ui-avatar ui-initials-avatar", props.className)}
      style={{
        width: size,
        height: size,
        backgroundColor: background,
        color: foreground,
        fontSize: size / 2,
      }}
    />
  );
}
