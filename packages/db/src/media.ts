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
  /**
   * Album pictures (issue 17): their own pool, never shared with public images such as album covers
   * or interview images, because the media gate refuses every key an album picture uses under
   * /media/ (such a file is served only through a URL signed per guest).
   */
  photo: { aspect: 4 / 3, ageRating: 18 },
} as const satisfies Record<string, { aspect: number; ageRating: 16 | 18 }>;
export type ImageKind = keyof typeof IMAGE_KINDS;

/** Aspect ratio (width / height) of a pool image, from the kind in its key. */
export function aspectOfKey(key: string): number {
  const kind = key.slice(0, key.lastIndexOf('-')) as ImageKind;
  const def = IMAGE_KINDS[kind];
  if (!def) throw new Error(`Unknown image kind in key ${key}`);
  return def.aspect;
}
