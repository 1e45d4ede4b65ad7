import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// A fixed height with the text pinned top and bottom: when the brand font replaces the fallback and the title
// rewraps, nothing outside the title moves (CLS).
export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  isolation: 'isolate',
  display: 'flex',
  flexDirection: 'column',
  padding: '32px 32px',
  height: 196,
  borderRadius: vars.radius.xl,
  background: `linear-gradient(135deg, #1a0f24 0%, #3b1238 45%, #7a1e62 100%)`,
  color: vars.color.onMedia,
  '@media': {
    'screen and (max-width: 767px)': { padding: '20px 20px', height: 172, borderRadius: vars.radius.lg },
    'screen and (max-width: 420px)': { height: 150 },
  },
});

const glow = {
  position: 'absolute',
  borderRadius: '50%',
  filter: 'blur(40px)',
  zIndex: -1,
  pointerEvents: 'none',
} as const;

export const glowA = style({
  ...glow,
  width: 320,
  height: 320,
  right: -60,
  top: -120,
  background: 'rgba(255, 92, 157, 0.55)',
});

export const glowB = style({
  ...glow,
  width: 260,
  height: 260,
  right: 180,
  bottom: -160,
  background: 'rgba(155, 47, 192, 0.55)',
});

export const eyebrow = style({
  margin: 0,
  fontSize: vars.text.xs,
  fontWeight: 800,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: '#ffb3d1',
});

export const title = style({
  margin: '8px 0 0',
  // Wide enough for the fallback font to keep the title on one line too.
  maxWidth: 760,
  fontSize: 40,
  lineHeight: 1.1,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  '@media': { 'screen and (max-width: 767px)': { fontSize: 28 } },
});

// Kept on one line: otherwise the fallback font and the brand font break the title at different words and the
// accent moves when the font arrives (the largest layout shift on phones).
export const accent = style({
  whiteSpace: 'nowrap',
  background: 'linear-gradient(90deg, #ff7ab0 0%, #d99bff 100%)',
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const text = style({
  margin: 'auto 0 0',
  // Two lines reserved whatever the font wraps to, so the paragraph's top never moves.
  height: '3em',
  maxWidth: 520,
  fontSize: 16,
  lineHeight: 1.5,
  color: 'rgba(255,255,255,0.82)',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  '@media': {
    'screen and (max-width: 767px)': { fontSize: 14 },
    // No room for three title lines and the text on a narrow phone: the title carries the message alone.
    'screen and (max-width: 420px)': { display: 'none' },
  },
});
