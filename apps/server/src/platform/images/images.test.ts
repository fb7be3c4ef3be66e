import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { isValidKey } from '../storage/keys';
import { contentHash, detectImageKind, renderPng } from './images';

describe('detectImageKind', () => {
  it('knows PNG, JPEG and WebP by their first bytes, and nothing else', async () => {
    const make = (s: Sharp) => s.toBuffer();
    const base = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    expect(detectImageKind(await make(base().png()))).toBe('png');
    expect(detectImageKind(await make(base().jpeg()))).toBe('jpeg');
    expect(detectImageKind(await make(base().webp()))).toBe('webp');
    expect(detectImageKind(await make(base().gif()))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(detectImageKind(new Uint8Array())).toBeNull();
  });
});

describe('renderPng', () => {
  it('narrows wide pictures, never widens small ones, and hashes by content', async () => {
    const wide = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const out = await renderPng(wide, 400);
    expect([out.width, out.height]).toEqual([400, 100]);
    expect(detectImageKind(out.data)).toBe('png');
    const small = await renderPng(wide, 2000);
    expect(small.width).toBe(800);
    expect(contentHash(out.data)).toMatch(/^[a-f0-9]{16}$/);
    expect(contentHash(out.data)).not.toBe(contentHash(small.data));
    await expect(renderPng(Buffer.from('nope'), 100)).rejects.toThrow();
  });
});

describe('storage keys', () => {
  it('accepts folder/file keys and refuses paths that could leave the storage root', () => {
    expect(isValidKey('distributors/ab12-cd34-low.png')).toBe(true);
    for (const bad of ['../x/y.png', 'distributors/../../etc', '/abs/key.png', 'single.png', 'distributors/A.png', 'a//b.png', 'a/.hidden']) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });
});
