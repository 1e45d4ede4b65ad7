/** One navigation entry of the chrome. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
  isNew?: boolean;
}

/** Sidebar items in the spec's order (000 §2.5); the real rules (flags, hiding, 'new' marks) come with the shell issue. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { id: 'explore', label: 'Explore', href: '/' },
  { id: 'chat', label: 'Chat', href: '/chat' },
  { id: 'gallery', label: 'Gallery', href: '/gallery', isNew: true },
  { id: 'my-ai', label: 'My AI', href: '/my-ai' },
  { id: 'photo-generation', label: 'Photo Generation', href: '/ai-girlfriend-generator', isNew: true },
  { id: 'pricing', label: 'Pricing', href: '/pricing' },
  { id: 'contact-us', label: 'Contact Us', href: '/contact-us' },
];

/** Bottom navigation tabs at tablet size (000 §2.5). */
export const BOTTOM_NAV_ITEMS: readonly (NavItem & { ariaLabel?: string })[] = [
  { id: 'explore', label: 'Explore', href: '/' },
  { id: 'chat', label: 'Chat', href: '/chat' },
  { id: 'create', label: 'Create', href: '/create-character', ariaLabel: 'Create character' },
  { id: 'gallery', label: 'Gallery', href: '/gallery', isNew: true },
  { id: 'premium', label: 'Premium', href: '/pricing' },
];
