/**
 * Facts about the generated image pool that readers need without loading the generator (sharp):
 * kinds, their aspect ratio and default age rating. Keys are `<kind>-<nnn>`.
 */
export const IMAGE_KINDS = {
  avatar: { aspect: 3 / 4, ageRating: 16 },
  preview: { aspect: 16 / 9, ageRating: 18 },
  picture: { aspect: 4 / 3, ageRating: 18 },
  category: { aspect: 4 / 3, ageRating: 16 },
  blog: { aspect: 16 / 9, ageRating: 16 },
  contest: { aspect: 16 / 9, ageRating: 16 },
  tv: { aspect: 16 / 9, ageRating: 16 },
} as const satisfies Record<string, { aspect: number; ageRating: 16 | 18 }>;
export type ImageKind = keyof typeof IMAGE_KINDS;

/** Aspect ratio (width / height) of a pool image, from the kind in its key. */
export function aspectOfKey(key: string): number {
  const kind = key.slice(0, key.lastIndexOf('-')) as ImageKind;
  const def = IMAGE_KINDS[kind];
  if (!def) throw new Error(`Unknown image kind in key ${key}`);
  return def.aspect;
}
