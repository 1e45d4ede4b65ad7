import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const stage = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.skeletonBase,
  touchAction: 'pan-y',
  userSelect: 'none',
});

export const photo = style({
  selectors: {
    [`${stage} &`]: {
      display: 'block',
      width: '100%',
      height: 'auto',
      maxHeight: 'min(70vh, 720px)',
      aspectRatio: '2 / 3',
      objectFit: 'contain',
    },
  },
});

const arrow = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  background: 'rgba(12, 11, 16, 0.5)',
  color: vars.color.onMedia,
  backdropFilter: 'blur(6px)',
} as const;

export const prev = style({ ...arrow, left: 10 });
export const next = style({ ...arrow, right: 10 });

// The shared chevron points down; the arrows turn it sideways.
export const left = style({ display: 'inline-flex', transform: 'rotate(90deg)' });
export const right = style({ display: 'inline-flex', transform: 'rotate(-90deg)' });

export const counter = style({
  position: 'absolute',
  top: 10,
  left: '50%',
  transform: 'translateX(-50%)',
  padding: '3px 10px',
  borderRadius: vars.radius.pill,
  background: 'rgba(12, 11, 16, 0.55)',
  color: vars.color.onMedia,
  fontSize: 13,
  fontWeight: 600,
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  marginTop: 14,
  flexWrap: 'wrap',
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: 13 });
