import { useCallback } from 'react';
import type { TrackedProduct } from '@companion/contracts';
import { useBus } from '@companion/remote-kit';

/** The visitor picked a product: published as `cart:product-added`, which the shell's ad pixels count (001 §4). */
export function useAddToCart(source: string): (product: TrackedProduct) => void {
  const bus = useBus();
  return useCallback((product) => bus.publish('cart:product-added', { product, source }), [bus, source]);
}
