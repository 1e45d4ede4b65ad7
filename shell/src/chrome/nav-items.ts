import type { IconName } from '@companion/ui';
import { PATHS } from '@companion/contracts';
import type { UserPricingInfo } from '@companion/contracts';
import { isInChat } from './chrome-rules.ts';

/** What a navigation entry needs before it navigates (000 §2.5 "Action links"). */
export type NavRequirement = 'auth' | 'subscription';

/** One navigation entry of the chrome. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
  icon: IconName;
  isNew?: boolean;
  requires?: NavRequirement;
  ariaLabel?: string;
}

/**
 * Sidebar items in the spec's order (000 §2.5), after the Create Character button. 000 §6: an anonymous visitor
 * may browse explore, pricing and legal pages and log in; every other link opens the sign-in modal.
 */
const SIDEBAR_ITEMS: readonly NavItem[] = [
  { id: 'explore', label: 'Explore', href: PATHS.home.href(), icon: 'explore' },
  { id: 'chat', label: 'Chat', href: PATHS.chat.href(), icon: 'chat', requires: 'auth' },
  {
    id: 'gallery',
    label: 'Gallery',
    href: PATHS.gallery.href(),
    icon: 'gallery',
    isNew: true,
    requires: 'auth',
  },
  { id: 'my-ai', label: 'My AI', href: PATHS.myAi.href(), icon: 'my-ai', requires: 'auth' },
  {
    id: 'photo-generation',
    label: 'Photo Generation',
    href: PATHS.photoGeneration.href(),
    icon: 'photo-generation',
    isNew: true,
    requires: 'subscription',
  },
  { id: 'pricing', label: 'Pricing', href: PATHS.pricing.href(), icon: 'pricing' },
  {
    id: 'contact-us',
    label: 'Contact Us',
    href: PATHS.contactUs.href(),
    icon: 'contact-us',
    requires: 'auth',
  },
];

/** The sidebar's primary Create Character button (000 §2.5); creating needs an account (000 §6). */
export const CREATE_CHARACTER_REQUIRES: NavRequirement = 'auth';

/** Build flags that hide navigation entries. */
export interface NavFlags {
  hideGalleryAndMyAi: boolean;
  photoGeneration: boolean;
}

/** Sidebar items after the flags: Gallery and My AI hidden by a flag, Photo Generation when it is off. */
export function sidebarItems(flags: NavFlags): NavItem[] {
  return SIDEBAR_ITEMS.filter((item) => {
    if (flags.hideGalleryAndMyAi && (item.id === 'gallery' || item.id === 'my-ai')) return false;
    if (!flags.photoGeneration && item.id === 'photo-generation') return false;
    return true;
  });
}

/**
 * The desktop header's top navigation: the sidebar's items, its Create Character button first, without photo
 * generation (000 §2.5 "the same items as a top navigation without photo generation").
 */
export function topNavItems(flags: NavFlags): NavItem[] {
  const create: NavItem = {
    id: 'create',
    label: 'Create Character',
    href: PATHS.createCharacter.href(),
    icon: 'create',
    requires: CREATE_CHARACTER_REQUIRES,
  };
  return [create, ...sidebarItems(flags).filter((item) => item.id !== 'photo-generation')];
}

/** A sidebar item by id (the bottom nav reuses them as they are). */
const sidebarItem = (id: string): NavItem => SIDEBAR_ITEMS.find((item) => item.id === id)!;

/** Bottom navigation tabs at tablet size (000 §2.5): Tokens for subscribers, otherwise Premium. */
export function bottomNavItems(flags: NavFlags, subscribed: boolean): NavItem[] {
  const items: NavItem[] = [
    sidebarItem('explore'),
    sidebarItem('chat'),
    {
      id: 'create',
      label: 'Create',
      href: PATHS.createCharacter.href(),
      icon: 'create',
      ariaLabel: 'Create character',
      requires: CREATE_CHARACTER_REQUIRES,
    },
  ];
  if (!flags.hideGalleryAndMyAi) items.push(sidebarItem('gallery'));
  items.push(
    subscribed
      ? { id: 'tokens', label: 'Tokens', href: PATHS.tokens.href(), icon: 'tokens' }
      : { id: 'premium', label: 'Premium', href: PATHS.pricing.href(), icon: 'premium' },
  );
  return items;
}

/** Whether an entry is the current page: `/` only exactly, others by prefix. */
export function isCurrentPath(href: string, pathname: string): boolean {
  const path = href.split('?')[0] ?? href;
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

/** What clicking an action link does (000 §2.5). */
export type ActionDecision = 'navigate' | 'sign-in' | 'paywall' | 'none';

/** Inputs of {@link actionFor}. */
export interface ActionInput {
  href: string;
  requires?: NavRequirement;
  loggedIn: boolean;
  subscribed: boolean;
  pathname: string;
  isTablet: boolean;
}

/**
 * The action-link rule: logged out opens the sign-in modal, a required subscription without one opens the
 * paywall, and the chat link while already on chat does nothing on a non-tablet screen.
 */
export function actionFor({
  href,
  requires,
  loggedIn,
  subscribed,
  pathname,
  isTablet,
}: ActionInput): ActionDecision {
  if (requires && !loggedIn) return 'sign-in';
  if (requires === 'subscription' && !subscribed) return 'paywall';
  const target = href.split('?')[0];
  if (target === PATHS.chat.pattern && isInChat(pathname) && !isTablet) return 'none';
  return 'navigate';
}

/** Feature-cost rows of the token balance menu (000 §2.5); the message row hides under free messages. */
export function featureCostRows(
  prices: UserPricingInfo,
  freeMessagesExperiment: boolean,
): { id: string; label: string; icon: IconName; price: number }[] {
  const rows: { id: string; label: string; icon: IconName; price: number }[] = [
    { id: 'character', label: 'Character', icon: 'my-ai', price: prices.tokenPriceForPersonModelCreation },
    { id: 'video', label: 'Video', icon: 'video', price: prices.tokenPriceForVideo },
    { id: 'voice-call', label: 'Voice call', icon: 'phone', price: prices.tokenPriceForVoiceCall },
    { id: 'image', label: 'Image', icon: 'image', price: prices.tokenPriceForImage },
    { id: 'voiceover', label: 'Voiceover', icon: 'mic', price: prices.tokenPriceForVoiceOver },
    { id: 'audio-message', label: 'Audio message', icon: 'audio', price: prices.tokenPriceForAudioMessage },
    { id: 'message', label: 'Message', icon: 'message', price: prices.tokenPriceForMessage },
  ];
  return freeMessagesExperiment ? rows.filter((row) => row.id !== 'message') : rows;
}
