import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFirstLoad } from './first-load.ts';

function page(script: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (script !== null) {
    const element = doc.createElement('script');
    element.id = 'first-load';
    element.type = 'application/json';
    element.textContent = script;
    doc.head.append(element);
  }
  return doc;
}

describe('readFirstLoad', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should read the inlined answers by key', () => {
    const answers = readFirstLoad(page('{"PersonModel/top?":[{"id":"a"}]}'));
    expect([...answers.entries()]).toEqual([['PersonModel/top?', [{ id: 'a' }]]]);
  });

  it('should give nothing when the element is missing, broken or not an object', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readFirstLoad(page(null)).size).toBe(0);
    expect(readFirstLoad(page('{nope')).size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(readFirstLoad(page('[1,2]')).size).toBe(0);
  });
});
