import { PageIntro } from './page-intro.tsx';

/** Gallery: the page's heading until its feature issue fills it. */
export function GalleryPage() {
  return <PageIntro title="Gallery" description="Unlock photos of your favourite characters." />;
}
