import { describe, expect, it } from 'vitest';
import { parseVideoFilter } from './video-filter.ts';
import { VideoFilterSchema } from './videos.ts';

const many = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i + 1));

/** Inputs at and beyond every bound of the filter, valid and not. */
const inputs: unknown[] = [
  {},
  null,
  undefined,
  'tags',
  42,
  [],
  [{ tags: ['a'] }],
  { unknown: 1 },
  { tags: ['a'], extra: undefined },
  { tags: undefined },
  { modelIds: [1, 2, 3] },
  { modelIds: [] },
  { modelIds: many(100, (i) => i) },
  { modelIds: many(101, (i) => i) },
  { modelIds: [0] },
  { modelIds: [-1] },
  { modelIds: [1.5] },
  { modelIds: ['1'] },
  { modelIds: [Number.NaN] },
  { modelIds: [Number.POSITIVE_INFINITY] },
  { modelIds: [2 ** 53] },
  { modelIds: [Number.MAX_SAFE_INTEGER] },
  { modelIds: 1 },
  { modelIds: null },
  { actingGroups: ['F', 'M', 'FM', 'FF', 'S'] },
  { actingGroups: ['F', 'F', 'F', 'F', 'F', 'F'] },
  { actingGroups: ['X'] },
  { actingGroups: ['f'] },
  { ids: many(60, (i) => i) },
  { ids: many(200, (i) => i) },
  { ids: [1, 0] },
  { tags: ['  beach  ', 'sun'] },
  { tags: ['   '] },
  { tags: [''] },
  { tags: ['x'.repeat(60)] },
  { tags: [` ${'x'.repeat(60)} `] },
  { tags: ['x'.repeat(61)] },
  { tags: many(20, (i) => `t${i}`) },
  { tags: many(21, (i) => `t${i}`) },
  { tags: [1] },
  { tags: 'beach' },
  { releasedFrom: '2024-01-31' },
  { releasedFrom: '2024-01-31T10:00:00.000Z' },
  { releasedFrom: '2024-02-30' },
  { releasedFrom: '2024-13-01' },
  { releasedFrom: '2024-1-1' },
  { releasedFrom: 'yesterday' },
  { releasedFrom: '' },
  { releasedFrom: `2024-01-01T00:00:00.000Z${' '.repeat(20)}` },
  { releasedFrom: 20240101 },
  { releasedUntil: '2025-12-31' },
  { releasedUntil: '2025-12-31x' },
  { releasedFrom: '2024-01-01', releasedUntil: '2023-01-01' },
  { types: ['vip', 'free'] },
  { types: ['nope'] },
  { types: many(12, () => 'vip') },
  { types: many(13, () => 'vip') },
  { types: [] },
  {
    modelIds: [7],
    actingGroups: ['FF'],
    ids: [3, 4],
    tags: [' a '],
    releasedFrom: '2024-01-01',
    releasedUntil: '2024-12-31',
    types: ['classic'],
  },
];

describe('parseVideoFilter (the filter without zod)', () => {
  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))(
    'accepts and rejects like VideoFilterSchema: %s',
    (_, input) => {
      const schema = VideoFilterSchema.safeParse(input);
      const parsed = parseVideoFilter(input);
      expect(parsed !== null).toBe(schema.success);
      if (schema.success) expect(parsed).toEqual(schema.data);
    },
  );

  it('keeps the schema key order (a filter serializes the same either way)', () => {
    const input = {
      types: ['vip'],
      tags: ['a'],
      releasedUntil: '2024-12-31',
      modelIds: [1],
      releasedFrom: '2024-01-01',
    };
    expect(JSON.stringify(parseVideoFilter(input))).toBe(JSON.stringify(VideoFilterSchema.parse(input)));
  });
});
