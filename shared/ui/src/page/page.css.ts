import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

// The page frame primitive: the column a remote's page sits in under the shell's header (padding, gap, centring,
// the phone spacing), its heading block and its lead line. Remotes compose their own toolbars and grids inside.

const PHONE = 'screen and (max-width: 767px)';

const frame = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  padding: '24px 24px 48px',
  margin: '0 auto',
  width: '100%',
  '@media': { [PHONE]: { padding: '14px 12px 32px', gap: 14 } },
});

/**
 * The frame by how wide its content runs: `wide` for card grids (explore, gallery; 1920 on very large screens),
 * `medium` for a form beside results (photo generation), `narrow` for a wizard or a list (create-character, My AI).
 */
export const pageFrame = styleVariants({
  wide: [frame, { maxWidth: 1680, '@media': { 'screen and (min-width: 1751px)': { maxWidth: 1920 } } }],
  medium: [frame, { maxWidth: 1480 }],
  narrow: [frame, { maxWidth: 1240 }],
});

/** The heading block: the title over its lead line. */
export const pageIntro = style({ display: 'flex', flexDirection: 'column', gap: 6 });

/** The page's one `h1`. */
export const pageTitle = style({
  margin: 0,
  fontSize: 28,
  lineHeight: '36px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  '@media': { [PHONE]: { fontSize: 22, lineHeight: '30px' } },
});

/** The line under the title. */
export const pageLead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.text.md });
