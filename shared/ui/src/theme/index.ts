// Contract only: importing this entry must never add CSS to a bundle.
export { vars } from './contract.ts';
