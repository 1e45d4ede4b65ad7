// The avatar fallback: a filled silhouette (the icon set's `user` is an outline for menus).

/** A user silhouette, the fallback for a profile image that failed to load. */
export function UserIcon({ size = 24, className }: { size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 20c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" fill="currentColor" />
    </svg>
  );
}
