import type { ReactNode } from "react";

/**
 * The shop's icons, drawn inline (no icon font, no extra request). Always decorative: the button or link that
 * holds one carries the accessible name.
 */
function Icon({ size, className, children }: { size: number; className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number; className?: string };

const heartPath =
  "M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2 0 3.4 1 4.2 2.3h2.4c.8-1.3 2.2-2.3 4.2-2.3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z";

/**
 * An icon every page shows (the header's) drawn by CSS: one empty element, its shape a mask over the text
 * colour (app.css, `.i` and `.i-*`), instead of an inline SVG in every page's markup.
 */
function MaskIcon({ name }: { name: "heart" | "user" | "cart" | "search" }) {
  return <span className={`i i-${name}`} />;
}

/** The header's wishlist link: an outline heart. */
export function HeartOutlineIcon() {
  return <MaskIcon name="heart" />;
}

/** The product page's wishlist button's heart; its fill comes from the button's CSS (wished or not). Cards draw
 * theirs with CSS (app.css, .wishlist-toggle). */
export function HeartIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d={heartPath} />
    </Icon>
  );
}

export function UserIcon() {
  return <MaskIcon name="user" />;
}

export function CartIcon() {
  return <MaskIcon name="cart" />;
}

/** The header search's button (20 px). */
export function SearchIcon() {
  return <MaskIcon name="search" />;
}

export function LinkIcon({ size = 18, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path
        fill="currentColor"
        d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2a1 1 0 1 1-1.4-1.4l2-2a1 1 0 1 0-1.4-1.4l-3.5 3.5a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2a1 1 0 1 1 1.4 1.4l-2 2a1 1 0 1 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0z"
      />
    </Icon>
  );
}

/** One star of the review form's star picker (its colour comes from CSS). */
export function StarIcon({ size = 28, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </Icon>
  );
}

export function TrashIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7z" />
    </Icon>
  );
}

export function EditIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </Icon>
  );
}

export function CompareIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d="M7 4 3 8l4 4V9h8V7H7zm10 8v3H9v2h8v3l4-4z" />
    </Icon>
  );
}
