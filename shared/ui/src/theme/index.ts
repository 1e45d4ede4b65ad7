// Contract only: importing this entry must never add CSS to a bundle. The contract sits in a .css.ts file so the
// bundler plugin evaluates it at build time; a plain .ts file would ship the vanilla-extract runtime (~34 KB gz).
export { applyTheme } from './apply-theme.ts';
export type { ThemeSettings } from './apply-theme.ts';
export { vars } from './contract.css.ts';
// Palettes for a scoped variant (`assignVars(vars, LIGHT)` in a .css.ts, evaluated at build time: no runtime cost).
export { DARK, LIGHT } from './palettes.ts';
export type { ThemeValues } from './palettes.ts';
