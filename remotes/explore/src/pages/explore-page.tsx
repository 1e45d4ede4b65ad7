import { PageIntro } from './page-intro.tsx';

/** Explore: the page's heading until its feature issue fills it. */
export function ExplorePage() {
  return <PageIntro title="Explore" description="Find your AI companion: realistic and anime characters." />;
}
