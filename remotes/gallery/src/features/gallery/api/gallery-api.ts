import type { Category, GalleryImage, PersonModel, Transport } from '@companion/contracts';

/** `GET Gallery/get-gallery-images` (spec 000 §7): the images of one category, open or secret. */
export function getGalleryImages(
  transport: Transport,
  category: Category,
  secret: boolean,
): Promise<GalleryImage[]> {
  return transport
    .request<unknown>('Gallery/get-gallery-images', {
      query: { category, isSecretContentRequested: secret },
    })
    .then((body) => {
      if (!Array.isArray(body)) throw new TypeError('Gallery/get-gallery-images: expected an array');
      for (const item of body as Partial<GalleryImage>[])
        if (typeof item?.galleryImageId !== 'string' || typeof item.imageUrl !== 'string')
          throw new TypeError('GalleryImage: unexpected shape');
      return body as GalleryImage[];
    });
}

/** What `POST Gallery/unlock` answers. */
export interface UnlockResult {
  galleryImage: GalleryImage;
  remainingTokens: number;
  spentTokens: number;
}

/** `POST Gallery/unlock { galleryImageId }` (spec 000 §7): spends the image's price once. */
export function unlockGalleryImage(transport: Transport, galleryImageId: string): Promise<UnlockResult> {
  return transport.request<UnlockResult>('Gallery/unlock', { method: 'POST', body: { galleryImageId } });
}

/** The characters behind the images (names for cards and the lightbox), from `GET PersonModel/top`. */
export function getCharacters(transport: Transport): Promise<PersonModel[]> {
  return transport
    .request<PersonModel[]>('PersonModel/top')
    .then((body) => (Array.isArray(body) ? body : []));
}
