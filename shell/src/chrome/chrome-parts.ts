// The chrome's components: one chunk, `chrome` (ADR 0278), loaded only by a page that shows the chrome; the origin
// preloads it with the boot for such a path, and the first render waits for it, so the chrome paints with the page.
export { BottomNav } from './bottom-nav.tsx';
export { Header } from './header.tsx';
export { Sidebar } from './sidebar.tsx';
