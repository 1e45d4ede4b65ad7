import { describe, expect, it } from 'vitest';
import { LEGAL_ENTITIES } from '../../brand/legal-entities.ts';
import { LEGAL_PAGES } from '@companion/contracts';
import { legalDocument, registeredCountryOf } from './legal-documents.ts';
import { LEGAL_INDEX, formatLegalDate } from './legal-index.ts';

const context = (country: 'default' | 'CA' | 'US') => ({
  brand: 'Companion',
  entity: LEGAL_ENTITIES.main[country],
  country,
  email: 'support@companion.app',
});

describe('legal texts (000 §2.1, §2.5, §6)', () => {
  it('should give each of the twelve policies a title, summary and several sections naming the brand and its legal entity', () => {
    expect(Object.keys(LEGAL_INDEX).sort()).toEqual([...LEGAL_PAGES].sort());
    for (const slug of LEGAL_PAGES) {
      const doc = legalDocument(slug, context('default'));
      const text = doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])]).join('\n');
      expect(doc.sections.length, slug).toBeGreaterThanOrEqual(4);
      expect(text.length, slug).toBeGreaterThan(800);
      expect(text, slug).toContain('Companion Labs Ltd');
      expect(text, slug).toContain('Companion');
      expect(text, slug).toContain('support@companion.app');
      for (const part of doc.sections)
        expect(part.paragraphs.length + (part.list?.length ?? 0), `${slug}: ${part.heading}`).toBeGreaterThan(
          0,
        );
    }
  });

  it("should name the country's legal entity and its law for Canada and the USA", () => {
    for (const country of ['default', 'CA', 'US'] as const) {
      const terms = legalDocument('terms-of-service', context(country));
      expect(terms.sections[0]!.paragraphs[0]).toContain(LEGAL_ENTITIES.main[country].addressWithCompanyName);
    }
    const law = (country: 'default' | 'CA' | 'US') =>
      legalDocument('terms-of-service', context(country)).sections.find(
        (s) => s.heading === 'Law and disputes',
      )!.paragraphs[0];
    expect(law('default')).toContain('Cyprus');
    expect(law('CA')).toContain('Ontario');
    expect(law('US')).toContain('Delaware');
    const rights = (country: 'default' | 'CA' | 'US') =>
      JSON.stringify(legalDocument('privacy-policy', context(country)).sections);
    expect(rights('US')).toContain('California');
    expect(rights('CA')).toContain('PIPEDA');
    expect(rights('default')).toContain('General Data Protection Regulation');
    expect(registeredCountryOf(LEGAL_ENTITIES.myFriend.default)).toBe('Estonia');
  });

  it('should write dates out in words', () => {
    expect(formatLegalDate('2026-11-01')).toBe('1 November 2026');
  });
});
