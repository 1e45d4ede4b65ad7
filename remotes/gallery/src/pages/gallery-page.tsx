import { RemotePage } from '@companion/remote-kit';

/** Gallery: the page's heading until its feature issue fills it. */
export function GalleryPage() {
  return <RemotePage title="Gallery" description="Unlock photos of your favourite characters." />;
}
