import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { accentDisc } from './accent-disc.css.ts';

// The body of the shell's own modals (auth, log out, daily bonus).

export const modalBody = style({ display: 'flex', flexDirection: 'column', gap: 16, textAlign: 'center' });

export const modalLead = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.55, fontSize: 15 });

export const modalTitle = style({ margin: 0, fontSize: 24, fontWeight: 800, color: vars.color.text });

export const notice = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.warning} 14%, transparent)`,
  color: vars.color.text,
  fontSize: 14,
});

export const heroIcon = style({ ...accentDisc, alignSelf: 'center', width: 72, height: 72 });

export const smallPrint = style({ margin: 0, fontSize: 12, color: vars.color.textSubtle, lineHeight: 1.5 });
