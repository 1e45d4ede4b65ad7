import { useEffect, useState } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import { legalEntityFor, type LegalEntity } from '../brand/legal-entities.ts';

let countryRequest: Promise<string | null> | null = null;

/** The visitor's country (`GET User/get-my-country`, asked once per page); null until it answers or if it fails. */
export function useLegalCountry(): string | null {
  const { transport } = useShell();
  const [country, setCountry] = useState<string | null>(null);
  useEffect(() => {
    countryRequest ??= transport
      .request<{ country?: string }>('User/get-my-country')
      .then((body) => body.country ?? null)
      .catch(() => null);
    let live = true;
    void countryRequest.then((value) => {
      if (live) setCountry(value);
    });
    return () => {
      live = false;
    };
  }, [transport]);
  return country;
}

/** The legal entity for this brand and the visitor's country. */
export function useLegalEntity(): LegalEntity {
  const { brand } = useShell();
  return legalEntityFor(brandOf(brand).id, useLegalCountry());
}
