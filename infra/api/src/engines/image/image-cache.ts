// A small least-recently-used cache of served image bytes. Image ids are immutable, so an entry
// never goes stale; only memory bounds it. A Map keeps insertion order, which is all an LRU needs
// (written here rather than adding lru-cache to the workspace for ~20 lines).

/** Bytes and type of a cached image. */
export interface CachedImage {
  contentType: string;
  body: Buffer;
}

/** LRU cache bounded by total bytes; entries larger than `maxEntryBytes` are not kept. */
export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntryBytes = 512 * 1024,
  ) {}

  /** The cached image, marked as most recently used; undefined on a miss. */
  get(id: string): CachedImage | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  /** Stores an image, evicting the least recently used ones beyond the byte budget. */
  set(id: string, image: CachedImage): void {
    if (image.body.length > this.maxEntryBytes) return;
    const previous = this.entries.get(id);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(id);
    }
    this.entries.set(id, image);
    this.bytes += image.body.length;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }

  /** Number of cached images. */
  get size(): number {
    return this.entries.size;
  }

  /** Total cached bytes. */
  get totalBytes(): number {
    return this.bytes;
  }
}
