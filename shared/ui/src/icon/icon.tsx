import type { ReactNode } from 'react';
import { Glyph, type GlyphProps } from './glyph.tsx';
import { CLOSE_GLYPH, CREATE_GLYPH, LOCK_GLYPH, TOKENS_GLYPH } from './glyphs.tsx';

// The one icon set of the platform: inline SVG (no icon library, no CDN), 24-unit grid, stroke follows
// `currentColor`. A few paths beat an icon library in every remote's bundle; add a name here, not a local SVG.
// A remote that needs only one or two draws them with `Glyph` (./glyph.tsx) from ./glyphs.tsx (ADR 0275).

/** The icon names. */
export type IconName =
  | 'menu'
  | 'explore'
  | 'chat'
  | 'gallery'
  | 'my-ai'
  | 'photo-generation'
  | 'pricing'
  | 'contact-us'
  | 'create'
  | 'tokens'
  | 'premium'
  | 'sun'
  | 'moon'
  | 'settings'
  | 'logout'
  | 'chevron'
  | 'user'
  | 'gift'
  | 'mail'
  | 'video'
  | 'phone'
  | 'image'
  | 'mic'
  | 'audio'
  | 'message'
  | 'close'
  | 'lock'
  | 'send'
  | 'stop'
  | 'pin'
  | 'thumb-up'
  | 'thumb-down'
  | 'back'
  | 'retry'
  | 'search'
  | 'memory';

// The contact page is reached by mail, so both names draw the envelope.
const MAIL = (
  <>
    <rect x="3" y="5" width="18" height="14" rx="3" />
    <path d="m4 7 8 6 8-6" />
  </>
);

const GLYPHS: Record<IconName, ReactNode> = {
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  explore: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  chat: <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12Z" />,
  gallery: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="3" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5-5-9 9" />
    </>
  ),
  'my-ai': (
    <>
      <rect x="5" y="8" width="14" height="11" rx="3" />
      <path d="M12 8V4M9 13h.01M15 13h.01M2 13h3M19 13h3" />
    </>
  ),
  'photo-generation': (
    <>
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3" />
      <path d="m12 8 1.3 2.7L16 12l-2.7 1.3L12 16l-1.3-2.7L8 12l2.7-1.3z" />
    </>
  ),
  pricing: (
    <>
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </>
  ),
  'contact-us': MAIL,
  create: CREATE_GLYPH,
  tokens: TOKENS_GLYPH,
  premium: <path d="m3 8 4.5 4L12 5l4.5 7L21 8l-2 11H5z" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  moon: <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </>
  ),
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  chevron: <path d="m6 9 6 6 6-6" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  gift: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </>
  ),
  mail: MAIL,
  video: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
  phone: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z" />
  ),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-4-4L5 21" />
    </>
  ),
  mic: (
    <>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10a7 7 0 0 0 14 0M12 17v4" />
    </>
  ),
  audio: <path d="M3 10v4M7 6v12M11 3v18M15 8v8M19 11v2" />,
  close: CLOSE_GLYPH,
  lock: LOCK_GLYPH,
  message: <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
  send: <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />,
  stop: <rect x="6" y="6" width="12" height="12" rx="2" />,
  pin: <path d="M12 17v5M9 3h6l-1 6 3 3v2H7v-2l3-3z" />,
  'thumb-up': (
    <path d="M7 10v11H4V10zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />
  ),
  'thumb-down': (
    <path d="M17 14V3h3v11zM17 14l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.3-8A2 2 0 0 1 5.8 3H17" />
  ),
  back: <path d="m15 18-6-6 6-6" />,
  retry: <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />,
  // A bookmark with a heart: what the character keeps of the chat (the Memory view).
  memory: (
    <>
      <path d="M6 3h12v18l-6-4-6 4z" />
      <path d="M12 12.5s-2.5-1.5-2.5-3.1a1.3 1.3 0 0 1 2.5-.6 1.3 1.3 0 0 1 2.5.6c0 1.6-2.5 3.1-2.5 3.1Z" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
};

/** Props of {@link Icon}. */
export interface IconProps extends Omit<GlyphProps, 'glyph'> {
  name: IconName;
}

/** One icon, decorative (the control around it carries the name). */
export function Icon({ name, ...frame }: IconProps) {
  return <Glyph glyph={GLYPHS[name]} {...frame} />;
}
