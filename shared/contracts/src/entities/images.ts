// Generated photos as the API answers them (ADR 0181): the photo generator and the API share these shapes.

/** A generated image as `Image/standalone-images` lists it. */
export interface StandaloneImage {
  id: string;
  imageUrl: string;
  personModelId: string | null;
  batchId: string | null;
  createdAt: string;
}

/** A batch as `Image/generate-batch-images` and `Image/batches/{id}` answer it (ADR 0181). */
export interface BatchAnswer {
  batchId: string;
  status: 'pending' | 'done' | 'failed';
  requested: number;
  price: number;
  /** Tokens given back for images that failed or were blocked (automatic, in the same ledger). */
  refundedTokens: number;
  images: StandaloneImage[];
}
