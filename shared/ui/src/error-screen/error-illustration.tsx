import { useId } from 'react';

/** The error screen's picture: a broken chat bubble on a soft accent glow, inline so it needs no network. */
export function ErrorIllustration({ className }: { className?: string }) {
  // Gradient ids must be unique per render: two error screens (two remotes failing) may share a page.
  const id = `cmp-err${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const glow = `${id}-glow`;
  const stroke = `${id}-stroke`;
  return (
    <svg className={className} viewBox="0 0 240 200" fill="none" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={glow} cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#d4266f" stopOpacity="0.35" />
          <stop offset="100%" stopColor="#9b2fc0" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={stroke} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ff5c9d" />
          <stop offset="100%" stopColor="#b04ad6" />
        </linearGradient>
      </defs>
      <circle cx="120" cy="100" r="96" fill={`url(#${glow})`} />
      <path
        d="M62 58c0-11 9-20 20-20h76c11 0 20 9 20 20v52c0 11-9 20-20 20h-44l-26 22v-22h-6c-11 0-20-9-20-20V58z"
        stroke={`url(#${stroke})`}
        strokeWidth="5"
        strokeLinejoin="round"
        fill="currentColor"
        fillOpacity="0.06"
      />
      <path
        d="M118 38l-10 26 16 12-12 28"
        stroke={`url(#${stroke})`}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="92" cy="84" r="5" fill={`url(#${stroke})`} />
      <circle cx="148" cy="84" r="5" fill={`url(#${stroke})`} />
      <path
        d="M186 42l10-10M194 58h14M178 30V16"
        stroke={`url(#${stroke})`}
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
