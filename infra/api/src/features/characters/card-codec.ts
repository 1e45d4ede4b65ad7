// Character Card V2/V3 (the community format SillyTavern and others read; docs/research/product-landscape.md
// §3.2): JSON, or a PNG whose tEXt chunks carry the card as base64 JSON (`chara` = V2, `ccv3` = V3). Our
// draft travels under the namespaced `extensions['companion/character']` key so other apps keep it untouched
// and we get every look back.
import zlib from 'node:zlib';
import { characterDraftSchema, MAX_CARD_FIELD } from './draft-schema.ts';

/** The extension key our fields live under. */
export const CARD_EXTENSION = 'companion/character';
/** The largest card file we read (PNG cards carry an image; ours are small). */
export const MAX_CARD_BYTES = 700 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a card could not be read; `code` is the API error code. */
export class CardError extends Error {
  constructor(
    readonly code: 'card_malformed' | 'card_too_large' | 'card_unsupported',
    message: string,
  ) {
    super(message);
  }
}

/** The fields of the draft a card carries (everything but the server-side id). */
export type CardDraft = Record<string, unknown>;

/** A V3 card of one character: name, a description from its persona, our draft in `extensions`. */
export function encodeCardV3(input: {
  name: string;
  description: string;
  draft: CardDraft;
  createdAt?: Date;
}) {
  const { id: _id, card: imported, ...draft } = input.draft;
  const card = (imported && typeof imported === 'object' ? imported : {}) as Record<
    string,
    string | undefined
  >;
  const seconds = Math.floor((input.createdAt ?? new Date()).getTime() / 1000);
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: input.name,
      description: input.description,
      personality: card.personality ?? (typeof draft.personality === 'string' ? draft.personality : ''),
      scenario: card.scenario ?? '',
      first_mes: card.firstMes ?? `Hi, I'm ${input.name}.`,
      mes_example: card.mesExample ?? '',
      creator_notes: 'Exported from Companion.',
      system_prompt: card.systemPrompt ?? '',
      post_history_instructions: card.postHistoryInstructions ?? '',
      alternate_greetings: [],
      group_only_greetings: [],
      tags: [typeof draft.style === 'string' ? draft.style : 'realistic'],
      creator: 'Companion',
      character_version: '1',
      creation_date: seconds,
      modification_date: seconds,
      extensions: {
        [CARD_EXTENSION]: {
          version: 1,
          draft: { ...draft, ...(imported ? { card: imported } : {}), name: input.name },
        },
      },
    },
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function readChunks(png: Buffer): { type: string; data: Buffer }[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new CardError('card_malformed', 'This file is neither a PNG nor a JSON card.');
  const chunks: { type: string; data: Buffer }[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) throw new CardError('card_malformed', 'The PNG is cut short.');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (
      zlib.crc32(png.subarray(offset + 4, offset + 8 + length)) >>> 0 !==
      png.readUInt32BE(offset + 8 + length)
    )
      throw new CardError('card_malformed', `The PNG's ${type} chunk is damaged.`);
    chunks.push({ type, data });
    offset = end;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** `png` with the card in `ccv3` (and a V2 copy in `chara` for older readers), replacing any earlier card. */
export function embedCardInPng(png: Buffer, card: ReturnType<typeof encodeCardV3>): Buffer {
  const chunks = readChunks(png).filter(
    (c) => !(c.type === 'tEXt' && /^(chara|ccv3)\0/.test(c.data.toString('latin1', 0, 6))),
  );
  const v2 = { ...card, spec: 'chara_card_v2', spec_version: '2.0' };
  const text = (keyword: string, value: unknown) =>
    chunk(
      'tEXt',
      Buffer.concat([
        Buffer.from(`${keyword}\0`, 'latin1'),
        Buffer.from(Buffer.from(JSON.stringify(value)).toString('base64'), 'latin1'),
      ]),
    );
  const iend = chunks.findIndex((c) => c.type === 'IEND');
  const body = chunks.slice(0, iend < 0 ? chunks.length : iend).map((c) => chunk(c.type, c.data));
  return Buffer.concat([
    PNG_SIGNATURE,
    ...body,
    text('chara', v2),
    text('ccv3', card),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG (vertical gradient between two colours): a card carrier for tests and examples (exports carry the portrait, ADR 0225). */
export function gradientPng(
  width: number,
  height: number,
  top: [number, number, number],
  bottom: [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const t = height === 1 ? 0 : y / (height - 1);
    const pixel = top.map((value, i) => Math.round(value + (bottom[i]! - value) * t));
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel, 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CardError('card_malformed', 'The card is not valid JSON.');
  }
}

/** The card JSON inside a file (PNG with `ccv3`/`chara`, or JSON text). V3 wins over V2 in a PNG. */
export function readCardFile(file: Buffer): unknown {
  if (file.length > MAX_CARD_BYTES)
    throw new CardError('card_too_large', `A card may be at most ${MAX_CARD_BYTES / 1024} KB.`);
  if (file.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const texts = new Map<string, string>();
    for (const c of readChunks(file)) {
      if (c.type !== 'tEXt') continue;
      const zero = c.data.indexOf(0);
      if (zero > 0) texts.set(c.data.toString('latin1', 0, zero), c.data.toString('latin1', zero + 1));
    }
    const encoded = texts.get('ccv3') ?? texts.get('chara');
    if (!encoded) throw new CardError('card_unsupported', 'This PNG carries no character card.');
    return parseJson(Buffer.from(encoded, 'base64').toString('utf8'));
  }
  return parseJson(file.toString('utf8'));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The card's prompt fields by their card names (V1 uses the same names at the top level).
const CARD_FIELDS = {
  description: 'description',
  personality: 'personality',
  scenario: 'scenario',
  firstMes: 'first_mes',
  mesExample: 'mes_example',
  systemPrompt: 'system_prompt',
  postHistoryInstructions: 'post_history_instructions',
} as const;

/** The card's non-empty prompt fields (ADR 0361), each cut to the draft's limit; null when it has none. */
function cardFields(
  data: Record<string, unknown>,
  names: readonly string[] = Object.values(CARD_FIELDS),
): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const [index, ours] of Object.keys(CARD_FIELDS).entries()) {
    const value = data[names[index]!];
    if (typeof value === 'string' && value.trim() !== '')
      fields[ours] = value.trim().slice(0, MAX_CARD_FIELD);
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * A new draft from a V1, V2 or V3 card: our extension's fields where each one is valid, the card's name when it
 * is a valid name; the rest stays empty for the wizard to ask. Throws {@link CardError} on anything else.
 */
export function cardToDraft(card: unknown): { draft: Record<string, unknown>; spec: 'v1' | 'v2' | 'v3' } {
  if (!isObject(card)) throw new CardError('card_malformed', 'A card is a JSON object.');
  let spec: 'v1' | 'v2' | 'v3';
  let data: Record<string, unknown>;
  if (card.spec === 'chara_card_v3' || card.spec === 'chara_card_v2') {
    if (!isObject(card.data)) throw new CardError('card_malformed', 'The card has no data object.');
    spec = card.spec === 'chara_card_v3' ? 'v3' : 'v2';
    data = card.data;
  } else if (card.spec === undefined && typeof card.name === 'string') {
    spec = 'v1';
    data = card;
  } else {
    throw new CardError('card_unsupported', 'Only Character Card V1, V2 and V3 can be imported.');
  }
  if (typeof data.name !== 'string' || data.name.trim() === '')
    throw new CardError('card_malformed', 'The card has no name.');
  const ours =
    isObject(data.extensions) && isObject(data.extensions[CARD_EXTENSION])
      ? data.extensions[CARD_EXTENSION]
      : null;
  const source = ours && isObject(ours.draft) ? ours.draft : {};
  const shape = characterDraftSchema.shape;
  const draft: Record<string, unknown> = { id: null };
  for (const [field, schema] of Object.entries(shape)) {
    if (field === 'id' || field === 'name' || field === 'card') continue;
    const parsed = (schema as { safeParse(value: unknown): { success: boolean; data?: unknown } }).safeParse(
      source[field],
    );
    draft[field] = parsed.success ? parsed.data : null;
  }
  const name = shape.name.safeParse(data.name);
  draft.name = name.success ? name.data : data.name.trim().slice(0, 40);
  // Our own export carries the card it was imported from in the extension; another app's card in its fields.
  const fields = ours
    ? isObject(source.card)
      ? cardFields(source.card, Object.keys(CARD_FIELDS))
      : null
    : cardFields(data);
  if (fields) draft.card = fields;
  return { draft, spec };
}
