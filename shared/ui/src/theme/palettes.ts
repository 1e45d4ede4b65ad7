import { FONT_STACKS } from '../font-stacks.ts';
import type { vars } from './contract.css.ts';

type Contract = typeof vars;

/** Concrete values for every variable of the contract. */
export type ThemeValues = { [Group in keyof Contract]: { [Token in keyof Contract[Group]]: string } };

const ACCENT_START = '#d4266f';
const ACCENT_END = '#9b2fc0';
const ACCENT_HOVER_START = '#c51f64';
const ACCENT_HOVER_END = '#8d28b2';

// Shared by both themes: white text on these gradient stops stays at or above 4.5:1 (checked in palettes.test.ts).
const gradient = {
  accent: `linear-gradient(135deg, ${ACCENT_START} 0%, ${ACCENT_END} 100%)`,
  accentHover: `linear-gradient(135deg, ${ACCENT_HOVER_START} 0%, ${ACCENT_HOVER_END} 100%)`,
  promoSubscription:
    'radial-gradient(100% 160% at 100% 0%, rgba(255,255,255,0.2) 0%, rgba(255,255,255,0) 50%), linear-gradient(120deg, #2b1240 0%, #7a1e62 55%, #d4266f 100%)',
  promoTokens:
    'radial-gradient(100% 160% at 100% 0%, rgba(255,255,255,0.22) 0%, rgba(255,255,255,0) 50%), linear-gradient(120deg, #3a1d08 0%, #a14a12 55%, #e8923a 100%)',
  mediaScrim: 'linear-gradient(180deg, rgba(0, 0, 0, 0) 40%, rgba(0, 0, 0, 0.78) 100%)',
};

// Over photos and promo gradients the text is light in both themes.
const onMedia = {
  onMedia: '#ffffff',
  onMediaMuted: 'rgba(255, 255, 255, 0.88)',
  promoCta: '#ffffff',
  onPromoCta: '#1b1220',
};

const scale = {
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  text: { xs: '12px', sm: '13px', md: '15px', lg: '18px', xl: '24px', xxl: '32px' },
};

const shape = {
  radius: { sm: '8px', md: '12px', lg: '16px', xl: '24px', pill: '999px' },
  zIndex: { modal: '1000' },
};

/** Default theme: deep near-black surfaces, warm pink-to-magenta accent. */
export const DARK: ThemeValues = {
  color: {
    bg: '#0c0b10',
    surface: '#15131b',
    surfaceRaised: '#1c1924',
    surfaceHover: '#25212f',
    border: 'rgba(255, 255, 255, 0.08)',
    borderStrong: 'rgba(255, 255, 255, 0.16)',
    text: '#f6f3f8',
    textMuted: '#b9b2c3',
    textSubtle: '#8e879a',
    accent: '#ff5c9d',
    accentHover: '#ff7ab0',
    accentText: '#ff7ab0',
    accentSoft: 'rgba(255, 92, 157, 0.14)',
    onAccent: '#ffffff',
    danger: '#c92a34',
    dangerHover: '#b3232c',
    onDanger: '#ffffff',
    success: '#3ecf8e',
    warning: '#f5b544',
    focusRing: '#ff8fbd',
    overlay: 'rgba(5, 4, 8, 0.72)',
    skeletonBase: '#1c1924',
    skeletonHighlight: '#2a2535',
    ...onMedia,
  },
  gradient,
  ...scale,
  font: { family: FONT_STACKS.manrope },
  radius: shape.radius,
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 8px 24px rgba(0, 0, 0, 0.45)',
    lg: '0 24px 64px rgba(0, 0, 0, 0.6)',
  },
  zIndex: shape.zIndex,
};

/** Light variant: soft off-white canvas, white cards, the same accent a shade deeper for text. */
export const LIGHT: ThemeValues = {
  color: {
    bg: '#f7f5f9',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceHover: '#f0edf3',
    border: 'rgba(23, 19, 29, 0.10)',
    borderStrong: 'rgba(23, 19, 29, 0.18)',
    text: '#17131d',
    textMuted: '#564f61',
    textSubtle: '#6b6476',
    accent: '#d4266f',
    accentHover: '#c21f66',
    accentText: '#c21f66',
    accentSoft: 'rgba(212, 38, 111, 0.10)',
    onAccent: '#ffffff',
    danger: '#c92a34',
    dangerHover: '#b3232c',
    onDanger: '#ffffff',
    success: '#16874f',
    warning: '#a86400',
    focusRing: '#d4266f',
    overlay: 'rgba(23, 19, 29, 0.48)',
    skeletonBase: '#e8e3ed',
    skeletonHighlight: '#f5f2f8',
    ...onMedia,
  },
  gradient,
  ...scale,
  font: DARK.font,
  radius: shape.radius,
  shadow: {
    sm: '0 1px 2px rgba(23, 19, 29, 0.08)',
    md: '0 8px 24px rgba(23, 19, 29, 0.10)',
    lg: '0 24px 64px rgba(23, 19, 29, 0.18)',
  },
  zIndex: shape.zIndex,
};

/** The gradient stops, for contrast checks. */
export const ACCENT_STOPS = [ACCENT_START, ACCENT_END, ACCENT_HOVER_START, ACCENT_HOVER_END] as const;
