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

const outline = { fill: "none", stroke: "currentColor", strokeWidth: 1.6 } as const;

const heartPath =
  "M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2 0 3.4 1 4.2 2.3h2.4c.8-1.3 2.2-2.3 4.2-2.3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z";

/** The header's wishlist link: an outline heart. */
export function HeartOutlineIcon({ size = 28, className = "icon" }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d={heartPath} {...outline} />
    </Icon>
  );
}

/** The wishlist toggle's heart; its fill comes from the button's CSS (wished or not). */
export function HeartIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d={heartPath} />
    </Icon>
  );
}

export function UserIcon({ size = 28, className = "icon" }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <circle cx="12" cy="8" r="4" {...outline} />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" {...outline} />
    </Icon>
  );
}

export function CartIcon({ size = 28, className = "icon" }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <path d="M3 4h2.5l2.2 11h10.6L21 7H7" {...outline} strokeLinejoin="round" />
      <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19" r="1.5" fill="currentColor" />
    </Icon>
  );
}

export function SearchIcon({ size = 20, className }: IconProps) {
  return (
    <Icon size={size} className={className}>
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
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

/** The store's grid-size buttons: Bootstrap column widths out of 12, so 3 draws four bars and 12 draws one. */
export function GridIcon({ columns, size = 22 }: { columns: number; size?: number }) {
  const bars = 12 / columns;
  const width = 20 / bars;
  return (
    <Icon size={size}>
      {Array.from({ length: bars }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static bars of an icon
        <rect key={i} x={2 + i * width} y="3" width={width - 2} height="18" rx="1" fill="currentColor" />
      ))}
    </Icon>
  );
}
