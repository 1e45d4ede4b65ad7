import { describe, expect, it } from 'vitest';
import type { PersonModel } from '@companion/contracts';
import { testPersonModel } from '@companion/remote-kit/testing';
import { pickable } from '../hooks/use-library.ts';
import { groupByBatch, refundMessage, slotsOf, type BatchAnswer, type StandaloneImage } from './batch.ts';
import { batchBody, batchPrice, choiceFromSearch, DEFAULT_CHOICE, searchForChoice } from './options.ts';

const ID = '0b5c0b4e-6f1a-4c55-9a7e-2d1f7a3c9e11';
const BATCH = '7d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';

const image = (id: string, batchId: string | null = BATCH): StandaloneImage => ({
  id,
  imageUrl: `/api/images/${id}.svg`,
  personModelId: null,
  batchId,
  createdAt: '2026-11-24T00:00:00.000Z',
});

const batch = (patch: Partial<BatchAnswer>): BatchAnswer => ({
  batchId: BATCH,
  status: 'done',
  requested: 2,
  price: 10,
  refundedTokens: 0,
  images: [],
  ...patch,
});

describe('price', () => {
  it('should be count × tokenPriceForImage exactly', () => {
    expect(batchPrice(1, 5)).toBe(5);
    expect(batchPrice(4, 5)).toBe(20);
    expect(batchPrice(3, 7)).toBe(21);
  });
});

describe('the form in the URL', () => {
  it('should round-trip every choice and write nothing for the defaults', () => {
    expect(searchForChoice(DEFAULT_CHOICE)).toBe('');
    const choice = {
      ...DEFAULT_CHOICE,
      character: ID,
      pose: 'sitting',
      scene: 'beach',
      outfit: 'swimwear',
      count: 4,
      batch: BATCH,
    } as const;
    expect(choiceFromSearch(searchForChoice(choice))).toEqual(choice);
    const look = { ...DEFAULT_CHOICE, style: 'anime', hairColor: 'pink' } as const;
    expect(choiceFromSearch(searchForChoice(look))).toEqual(look);
  });

  it('should fall back to the defaults for anything unknown (count 0 or 50, bad ids)', () => {
    expect(
      choiceFromSearch('?count=0&pose=handstand&scene=moon&outfit=spacesuit&character=x&batch=y'),
    ).toEqual(DEFAULT_CHOICE);
    expect(choiceFromSearch('?count=50').count).toBe(DEFAULT_CHOICE.count);
  });

  it('should send the character or the new look, with pose, scene, count and the batch id', () => {
    expect(batchBody({ ...DEFAULT_CHOICE, character: ID, count: 3 }, BATCH)).toEqual({
      batchId: BATCH,
      count: 3,
      pose: 'waist-up',
      background: 'studio',
      outfit: 'casual',
      personModelId: ID,
    });
    expect(batchBody({ ...DEFAULT_CHOICE, outfit: 'evening' }, BATCH)).toMatchObject({ outfit: 'evening' });
    expect(batchBody(DEFAULT_CHOICE, BATCH)).toMatchObject({ style: 'realistic', hairColor: 'brown' });
  });
});

describe('batch slots and refunds', () => {
  it('should wait on every slot while pending', () => {
    expect(slotsOf(null, 3, 5).map((slot) => slot.kind)).toEqual(['pending', 'pending', 'pending']);
  });

  it('should fill slots one by one while the batch is being made', () => {
    const making = batch({ status: 'pending', requested: 3, images: [image('a')] });
    expect(slotsOf(making, 3, 5).map((slot) => slot.kind)).toEqual(['image', 'pending', 'pending']);
  });

  it('should show delivered photos first, then each refunded share', () => {
    const slots = slotsOf(batch({ requested: 3, refundedTokens: 10, images: [image('a')] }), 3, 5);
    expect(slots.map((slot) => slot.kind)).toEqual(['image', 'refunded', 'refunded']);
    expect(slots[1]).toMatchObject({ tokens: 5 });
  });

  it('should say what was refunded, and nothing when all arrived', () => {
    expect(refundMessage(batch({ images: [image('a'), image('b')] }))).toBeNull();
    expect(refundMessage(batch({ status: 'failed', refundedTokens: 10 }))).toBe(
      'The generator failed. 10 tokens were refunded to your balance.',
    );
    expect(refundMessage(batch({ refundedTokens: 5, images: [image('a')] }))).toBe(
      '1 photo could not be made. 5 tokens were refunded to your balance.',
    );
    expect(refundMessage(batch({ status: 'pending' }))).toBeNull();
  });

  it('should group the history by batch in the order listed', () => {
    const groups = groupByBatch([image('a', 'b2'), image('b', 'b2'), image('c', 'b1'), image('d', null)]);
    expect(groups.map((group) => [group.batchId, group.images.length])).toEqual([
      ['b2', 2],
      ['b1', 1],
      ['d', 1],
    ]);
  });
});

describe('pickable characters', () => {
  it('should list own characters first and leave out locked public ones', () => {
    const own: PersonModel[] = [testPersonModel('mine')];
    const open = [testPersonModel('mine'), testPersonModel('p1'), testPersonModel('p2', { isLocked: true })];
    expect(pickable(own, open).map((model) => model.id)).toEqual(['mine', 'p1']);
  });
});
