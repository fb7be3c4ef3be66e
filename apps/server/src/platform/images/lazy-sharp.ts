import type sharpType from 'sharp';

let loaded: Promise<typeof sharpType> | undefined;

/** sharp, loaded when first used: it takes half a second or more to load, at every start otherwise (ADR 0115). */
export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
}
