/**
 * The public answers the origin inlined into `index.html` as `<script id="first-load">` (ADR 0082), keyed by
 * `firstLoadKey`. Read once at boot; a missing or broken element means the page fetches everything itself.
 */
export function readFirstLoad(doc: Document): Map<string, unknown> {
  const text = doc.getElementById('first-load')?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed));
  } catch {
    console.warn('[shell] ignoring an unreadable first-load element');
    return new Map();
  }
}
