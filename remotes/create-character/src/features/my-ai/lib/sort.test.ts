import { describe, expect, it } from 'vitest';
import { testPersonModel } from '@companion/remote-kit/testing';
import { createdLabel, sortModels } from './sort.ts';

const models = [
  testPersonModel('b', { firstName: 'bella', createdAt: '2026-11-20T10:00:00.000Z' }),
  testPersonModel('a', { firstName: 'Ava', createdAt: '2026-11-24T09:00:00.000Z' }),
  testPersonModel('c', { firstName: 'Cleo' }),
  testPersonModel('d', { firstName: 'Dana', createdAt: '2026-11-22T00:00:00.000Z' }),
];

describe('My AI order', () => {
  it('should put the newest first by default and the undated last', () => {
    expect(sortModels(models, 'newest').map((m) => m.id)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('should put the oldest first, the undated as the oldest', () => {
    expect(sortModels(models, 'oldest').map((m) => m.id)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('should sort by name whatever the case, without changing the list it was given', () => {
    expect(sortModels(models, 'name').map((m) => m.firstName)).toEqual(['Ava', 'bella', 'Cleo', 'Dana']);
    expect(models.map((m) => m.id)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('should say when a character was created, and nothing without a date', () => {
    expect(createdLabel(models[1]!)).toBe('Created 24 Nov 2026');
    expect(createdLabel(models[2]!)).toBeNull();
  });
});
