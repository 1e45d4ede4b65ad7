import { useEffect, useState } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import { legalEntityFor, type LegalEntity } from '../brand/legal-entities.ts';
import { AuthStore } from '../session/auth-store.ts';

let countryRequest: Promise<string | null> | null = null;

/**
 * The visitor's country (`GET User/get-my-country`, asked once per page), kept in the persisted user slice
 * (000 §3) so the next load shows the right legal entity at once; null until known.
 */
export function useLegalCountry(): string | null {
  const { transport } = useShell();
  // No storage on the server (the chrome frame's legal pages, ADR 0453): the country is not known there.
  const [country, setCountry] = useState<string | null>(() =>
    typeof localStorage === 'undefined' ? null : (new AuthStore(localStorage).userSlice().country ?? null),
  );
  useEffect(() => {
    countryRequest ??= transport
      .request<{ country?: string }>('User/get-my-country')
      .then((body) => {
        const value = body.country ?? null;
        if (value) new AuthStore(localStorage).patchUserSlice({ country: value });
        return value;
      })
      .catch(() => null);
    let live = true;
    void countryRequest.then((value) => {
      if (live && value) setCountry(value);
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
