import { describe, expect, it } from 'vitest';
import type { PreviewPage } from '@sapwood/contracts';
import { arrowStep, initialPreview, pageImageUrl, pageKey, pdfLeafIds, previewReducer, textsOf, unsavedPages } from './preview';

const page = (sampleId: number, o: Partial<PreviewPage> = {}): PreviewPage => ({
  imageUrl: `/api/submission/questimage?submissionId=7&leafId=${sampleId}`, sampleId, submissionId: 7, sample: `S${sampleId}`,
  recommendation: '', plantSay: '', rowVersion: 0, ...o,
});
const keys = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };

describe('the preview page image', () => {
  it('adds both typed texts to the page URL, encoded, and an emptied text as empty (not as saved)', () => {
    const url = pageImageUrl(page(3), { recommendation: 'Spuit sink <2 kg/ha> & kalk', plantSay: '' });
    expect(url.startsWith('/api/submission/questimage?')).toBe(true);
    const q = new URLSearchParams(url.split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({ submissionId: '7', leafId: '3', recommendation: 'Spuit sink <2 kg/ha> & kalk', whatDoesPlantSay: '' });
  });

  it('gives the PDF every page\'s sample once, in page order', () => {
    expect(pdfLeafIds([page(9), page(4), page(9), page(5)])).toBe('9,4,5');
  });
});

describe('paging', () => {
  it('steps and jumps within the pages', () => {
    let s = initialPreview([page(1), page(2), page(3)]);
    s = previewReducer(s, { type: 'step', by: -1 });
    expect(s.index).toBe(0);
    s = previewReducer(previewReducer(s, { type: 'step', by: 1 }), { type: 'step', by: 1 });
    expect(s.index).toBe(2);
    expect(previewReducer(s, { type: 'step', by: 1 }).index).toBe(2);
    expect(previewReducer(s, { type: 'go', to: 99 }).index).toBe(2);
    expect(previewReducer(s, { type: 'go', to: -3 }).index).toBe(0);
  });

  it('answers the arrow keys, but not inside a text field nor with a modifier', () => {
    expect(arrowStep({ ...keys, key: 'ArrowRight' }, { tagName: 'BUTTON' })).toBe(1);
    expect(arrowStep({ ...keys, key: 'ArrowLeft' }, { tagName: 'DIV' })).toBe(-1);
    expect(arrowStep({ ...keys, key: 'ArrowLeft' }, null)).toBe(-1);
    expect(arrowStep({ ...keys, key: 'ArrowRight' }, { tagName: 'TEXTAREA' })).toBe(0);
    expect(arrowStep({ ...keys, key: 'ArrowRight' }, { tagName: 'input' })).toBe(0);
    expect(arrowStep({ ...keys, key: 'ArrowRight' }, { tagName: 'DIV', isContentEditable: true })).toBe(0);
    expect(arrowStep({ ...keys, key: 'ArrowRight', shiftKey: true }, { tagName: 'BUTTON' })).toBe(0);
    expect(arrowStep({ ...keys, key: 'ArrowUp' }, { tagName: 'BUTTON' })).toBe(0);
  });
});

describe('typed texts', () => {
  it('keeps what was typed on each page while paging, and knows which pages are unsaved', () => {
    let s = initialPreview([page(1, { plantSay: 'saved' }), page(2)]);
    s = previewReducer(s, { type: 'type', field: 'recommendation', value: 'Kalk' });
    expect(textsOf(s)).toEqual({ recommendation: 'Kalk', plantSay: 'saved' });
    s = previewReducer(s, { type: 'step', by: 1 });
    s = previewReducer(s, { type: 'type', field: 'plantSay', value: 'Dors' });
    s = previewReducer(s, { type: 'step', by: -1 });
    expect(textsOf(s)).toEqual({ recommendation: 'Kalk', plantSay: 'saved' });
    expect(textsOf(s, 1)).toEqual({ recommendation: '', plantSay: 'Dors' });
    expect(unsavedPages(s)).toEqual([0, 1]);
    // typed back to what is saved: nothing unsaved on that page
    s = previewReducer(s, { type: 'type', field: 'recommendation', value: '' });
    expect(unsavedPages(s)).toEqual([1]);
  });

  it('takes a save\'s new version; text typed while it saved stays unsaved', () => {
    let s = initialPreview([page(1), page(2)]);
    s = previewReducer(s, { type: 'type', field: 'recommendation', value: 'Kalk' });
    const sent = textsOf(s);
    const saved = previewReducer(s, { type: 'saved', key: pageKey(s.pages[0]), texts: sent, rowVersion: 1 });
    expect(saved.pages[0]).toMatchObject({ recommendation: 'Kalk', rowVersion: 1 });
    expect(unsavedPages(saved)).toEqual([]);
    expect(saved.typed).toEqual({});

    const more = previewReducer(s, { type: 'type', field: 'recommendation', value: 'Kalk en sink' });
    const later = previewReducer(more, { type: 'saved', key: pageKey(s.pages[0]), texts: sent, rowVersion: 1 });
    expect(later.pages[0].rowVersion).toBe(1);
    expect(textsOf(later)).toEqual({ recommendation: 'Kalk en sink', plantSay: '' });
    expect(unsavedPages(later)).toEqual([0]);
  });

  it('after a reload, shows the page saved by someone else and keeps what was typed on the others', () => {
    let s = initialPreview([page(1), page(2)]);
    s = previewReducer(s, { type: 'type', field: 'recommendation', value: 'mine' });
    s = previewReducer(previewReducer(s, { type: 'step', by: 1 }), { type: 'type', field: 'plantSay', value: 'also mine' });
    s = previewReducer(s, { type: 'reloaded', pages: [page(1, { recommendation: 'theirs', rowVersion: 4 }), page(2)], drop: pageKey(page(1)) });
    expect(textsOf(s, 0)).toEqual({ recommendation: 'theirs', plantSay: '' });
    expect(s.pages[0].rowVersion).toBe(4);
    expect(textsOf(s, 1)).toEqual({ recommendation: '', plantSay: 'also mine' });
    expect(s.index).toBe(1);
    // fewer pages than before: the page shown stays within them, and typing on a page gone is forgotten
    const fewer = previewReducer(s, { type: 'reloaded', pages: [page(1)], drop: 'none' });
    expect(fewer.index).toBe(0);
    expect(fewer.typed).toEqual({});
  });
});
