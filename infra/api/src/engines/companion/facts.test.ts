// ADR 0360: the facts compromise finds in what the user writes, and how they are told back.

import { describe, expect, it } from 'vitest';
import { extractFacts, factSentence } from './facts.ts';

const facts = (line: string) => extractFacts(line).map((f) => [f.kind, f.subject, f.value]);

describe('facts in a user line', () => {
  it('should read names, pets, people, work, places, likes and events', () => {
    expect(facts("Hi! I'm Tom. My dog's name is Biscuit.")).toEqual([
      ['name', '', 'Tom'],
      ['pet', 'dog', 'Biscuit'],
    ]);
    expect(facts('I have a cat named Luna')).toEqual([['pet', 'cat', 'Luna']]);
    expect(facts('My best friend is called Jake')).toEqual([['person', 'best friend', 'Jake']]);
    expect(facts('I work as a nurse at the city hospital')).toEqual([['work', 'job', 'nurse']]);
    expect(facts('I work at Google')).toEqual([['work', 'workplace', 'Google']]);
    expect(facts('I live in Lisbon and I love sushi')).toEqual([
      ['home', '', 'Lisbon'],
      ['like', '', 'sushi'],
    ]);
    expect(facts("I'm 29 years old")).toEqual([['age', '', '29']]);
    expect(facts('My favourite band is Radiohead')).toEqual([['like', 'band', 'Radiohead']]);
    expect(facts('I had a rough day at work, my boss yelled at me')).toEqual([
      ['event', 'boss', 'I had a rough day at work, my boss yelled at me'],
    ]);
  });

  it('should find nothing in questions, compliments and small talk', () => {
    expect(facts("Do you remember my dog's name?")).toEqual([]);
    expect(facts('I like you')).toEqual([]);
    expect(facts("I'm so tired")).toEqual([]);
  });

  it('should tell a fact to the user and about them with the persons swapped', () => {
    const [event] = extractFacts('I had a rough day at work, my boss yelled at me');
    expect(factSentence(event!, 'you')).toBe('You had a rough day at work, your boss yelled at you.');
    expect(factSentence(event!, 'they')).toBe('They had a rough day at work, their boss yelled at them.');
    const [like] = extractFacts("I love my grandmother's cooking");
    expect(factSentence(like!, 'you')).toBe("You love your grandmother's cooking.");
  });
});
