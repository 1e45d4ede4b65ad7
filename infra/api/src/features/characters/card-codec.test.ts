import { describe, expect, it } from 'vitest';
import {
  CARD_EXTENSION,
  CardError,
  MAX_CARD_BYTES,
  cardToDraft,
  embedCardInPng,
  encodeCardV3,
  gradientPng,
  readCardFile,
} from './card-codec.ts';

// Our own fixtures in the published shapes (chara_card_v2 / chara_card_v3 spec documents; V1 = flat TavernAI).
const V2_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Aria Vale',
    description: 'A lighthouse keeper who collects stories from passing ships.',
    personality: 'warm, curious',
    scenario: 'A stormy night at the lighthouse.',
    first_mes: 'Another ship in this weather? Come in, quickly.',
    mes_example: '<START>\n{{user}}: Hi\n{{char}}: Hello, traveller.',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: ['fantasy'],
    creator: 'fixture',
    character_version: '1.0',
    extensions: { other_app: { mood: 'calm' } },
  },
};

const draft = {
  id: 'ignored',
  style: 'anime',
  connectionType: 'friend',
  likeToTry: ['games'],
  intention: 'fun',
  rolePlay: 'fantasy',
  race: 'elf',
  traits: { kink: 10, libido: 20, nudity: 30 },
  age: 27,
  ethnicity: 'asian',
  eyes: 'violet',
  hairStyle: 'braids',
  hairColor: 'silver',
  body: { body: 'athletic', breast: 'small', butt: 'athletic' },
  features: ['freckles'],
  hobby: ['reading', 'hiking'],
  occupation: 'artist',
  personality: 'mysterious',
  marital: 'single',
  name: 'Lyra',
  voice: 'calm',
};

const fails = (run: () => unknown, code: CardError['code']) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CardError);
    expect((error as CardError).code).toBe(code);
    return;
  }
  throw new Error('expected a CardError');
};

describe('character card codec', () => {
  it('should keep another app’s card fields for the prompts, and export them again (ADR 0361)', () => {
    const { draft: imported } = cardToDraft(V2_CARD);
    expect(imported.card).toEqual({
      description: 'A lighthouse keeper who collects stories from passing ships.',
      personality: 'warm, curious',
      scenario: 'A stormy night at the lighthouse.',
      firstMes: 'Another ship in this weather? Come in, quickly.',
      mesExample: '<START>\n{{user}}: Hi\n{{char}}: Hello, traveller.',
    });
    const card = encodeCardV3({
      name: 'Aria Vale',
      description: 'x',
      draft: { ...draft, card: imported.card },
    });
    expect(card.data.first_mes).toBe('Another ship in this weather? Come in, quickly.');
    expect(card.data.scenario).toBe('A stormy night at the lighthouse.');
    expect(cardToDraft(JSON.parse(JSON.stringify(card))).draft.card).toEqual(imported.card);
  });

  it('should write a V3 card with our draft under the namespaced extension and read every field back', () => {
    const card = encodeCardV3({ name: 'Lyra', description: 'An elf.', draft, createdAt: new Date(0) });
    expect(card.spec).toBe('chara_card_v3');
    expect(card.spec_version).toBe('3.0');
    expect(card.data.name).toBe('Lyra');
    expect(card.data.creation_date).toBe(0);
    expect(Object.keys(card.data.extensions)).toEqual([CARD_EXTENSION]);
    const back = cardToDraft(JSON.parse(JSON.stringify(card)));
    expect(back.spec).toBe('v3');
    expect(back.draft).toEqual({ ...draft, id: null });
  });

  it('should read a foreign V2 card: its name, nothing invented', () => {
    const { draft: read, spec } = cardToDraft(V2_CARD);
    expect(spec).toBe('v2');
    expect(read.name).toBe('Aria Vale');
    expect(read.style).toBeNull();
    expect(read.age).toBeNull();
    expect(read.traits).toEqual({ kink: 50, libido: 50, nudity: 50 });
    expect(read.likeToTry).toEqual([]);
  });

  it('should read a V1 card and keep only valid values of a tampered extension', () => {
    expect(cardToDraft({ name: 'Old', description: 'v1' }).spec).toBe('v1');
    const tampered = encodeCardV3({
      name: 'Lyra',
      description: '',
      draft: { ...draft, age: 12, eyes: 'plaid' },
    });
    const { draft: read } = cardToDraft(tampered);
    expect(read.age).toBeNull();
    expect(read.eyes).toBeNull();
    expect(read.hairColor).toBe('silver');
  });

  it('should embed the card in a PNG (ccv3 and chara) that reads back as V3, replacing an older card', () => {
    const card = encodeCardV3({ name: 'Lyra', description: '', draft });
    const png = embedCardInPng(gradientPng(4, 6, [255, 0, 0], [0, 0, 255]), card);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.includes(Buffer.from('ccv3\0'))).toBe(true);
    expect(png.includes(Buffer.from('chara\0'))).toBe(true);
    expect(readCardFile(png)).toEqual(card);
    const again = embedCardInPng(png, encodeCardV3({ name: 'Mira', description: '', draft }));
    expect((readCardFile(again) as { data: { name: string } }).data.name).toBe('Mira');
    expect(again.toString('latin1').split('ccv3\0')).toHaveLength(2);
  });

  it('should read a V2-only PNG through its chara chunk', () => {
    const withBoth = embedCardInPng(
      gradientPng(2, 2, [0, 0, 0], [9, 9, 9]),
      encodeCardV3({ name: 'A', description: '', draft }),
    );
    // Cut the ccv3 chunk out: what an older exporter writes.
    const text = withBoth.toString('latin1');
    const start = text.indexOf('ccv3\0') - 8;
    const length = withBoth.readUInt32BE(start);
    const v2Only = Buffer.concat([withBoth.subarray(0, start), withBoth.subarray(start + 12 + length)]);
    expect((readCardFile(v2Only) as { spec: string }).spec).toBe('chara_card_v2');
  });

  it('should refuse bad input with a clear reason', () => {
    fails(() => readCardFile(Buffer.alloc(MAX_CARD_BYTES + 1)), 'card_too_large');
    fails(() => readCardFile(Buffer.from('{not json')), 'card_malformed');
    fails(() => readCardFile(gradientPng(2, 2, [0, 0, 0], [0, 0, 0])), 'card_unsupported');
    const png = embedCardInPng(
      gradientPng(2, 2, [0, 0, 0], [0, 0, 0]),
      encodeCardV3({ name: 'A', description: '', draft }),
    );
    const damaged = Buffer.from(png);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 20) ^ 0xff, damaged.length - 20);
    fails(() => readCardFile(damaged), 'card_malformed');
    fails(() => readCardFile(png.subarray(0, png.length - 30)), 'card_malformed');
    fails(() => cardToDraft([]), 'card_malformed');
    fails(() => cardToDraft({ spec: 'chara_card_v9', data: {} }), 'card_unsupported');
    fails(() => cardToDraft({ spec: 'chara_card_v2' }), 'card_malformed');
    fails(() => cardToDraft({ spec: 'chara_card_v3', data: { name: '  ' } }), 'card_malformed');
  });
});
