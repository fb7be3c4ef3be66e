import { describe, expect, it } from 'vitest';
import { mapCapture, readCapture } from './capture-mapping';

const crops = new Map([['pecan', 1], ['pekan', 1], ['apple', 2]]);
const leaf = { id: 'LF-1', sampleNumber: ' L100 ', client: 'Green Valley', farm: 'Riverside', block: 'B1', crop: 'Pekan', agent: 'A', agronomist: 'Dr N', lab: 'Nvirotek', capturedAt: '2026-10-01T08:00:00Z', location: { lat: -25.1, lng: 28.2 } };

describe('capture mapping', () => {
  it('maps a leaf capture, finding its crop by an alternative name', () => {
    expect(mapCapture('leaf', leaf, crops)).toEqual({ reason: null, mapped: expect.objectContaining({ sampleNumber: 'L100', cropId: 1, crop: 'Pekan', capturedAt: '2026-10-01T08:00:00.000Z', location: { lat: -25.1, lng: 28.2 } }) });
  });
  it('keeps the reason of a capture it cannot map', () => {
    expect(mapCapture('leaf', { ...leaf, crop: 'Dragonfruit' }, crops)).toEqual({ mapped: null, reason: "unknown crop 'Dragonfruit'" });
    expect(mapCapture('leaf', { ...leaf, sampleNumber: '' }, crops).reason).toBe('missing sample number');
    expect(mapCapture('leaf', { ...leaf, crop: null }, crops).reason).toBe('missing crop');
  });
  it('reads what a refused capture says, for its Refused list (no crop of the lab)', () => {
    expect(readCapture({ ...leaf, crop: 'Dragonfruit', sampleNumber: '' })).toMatchObject({ sampleNumber: '', cropId: null, crop: 'Dragonfruit', clientName: 'Green Valley', blockNumber: 'B1', capturedAt: '2026-10-01T08:00:00.000Z' });
  });
  it('maps a soil capture without a crop', () => {
    expect(mapCapture('soil', { ...leaf, crop: null }, crops).mapped).toMatchObject({ cropId: null, sampleNumber: 'L100' });
  });
});
