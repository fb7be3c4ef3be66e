/**
 * How a capture of the field app becomes a leaf or soil record: the fields the lab works with, or the reason
 * it cannot be (kept with the capture, never dropped). Pure: the crops are given by name.
 */
export interface MappedCapture {
  sampleNumber: string;
  lab: string;
  cropId: number | null;
  crop: string | null;
  clientName: string;
  farmName: string;
  blockNumber: string;
  agent: string;
  agronomist: string;
  capturedAt: string | null;
  location: { lat: number; lng: number } | null;
  photo: string | null;
}

const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '');

/**
 * What a capture says, read into the record's fields whether or not it can be mapped (the crop's id left
 * null): a refused capture keeps these too, so that its list can show, search and sort it.
 */
export function readCapture(o: Record<string, unknown>): MappedCapture {
  const at = text(o.capturedAt, 40);
  const loc = o.location as { lat?: unknown; lng?: unknown } | undefined;
  return {
    sampleNumber: text(o.sampleNumber, 64), lab: text(o.lab, 40), cropId: null, crop: text(o.crop) || null,
    clientName: text(o.client), farmName: text(o.farm), blockNumber: text(o.block, 64),
    agent: text(o.agent), agronomist: text(o.agronomist),
    capturedAt: at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null,
    location: loc && typeof loc.lat === 'number' && typeof loc.lng === 'number' ? { lat: loc.lat, lng: loc.lng } : null,
    photo: text(o.photo, 500) || null,
  };
}

/** `crops`: lower-cased crop names and alternative names → crop id. */
export function mapCapture(kind: 'leaf' | 'soil', o: Record<string, unknown>, crops: ReadonlyMap<string, number>): { mapped: MappedCapture | null; reason: string | null } {
  const read = readCapture(o);
  const notText = (['sampleNumber', 'crop', 'client', 'farm', 'block'] as const).find((f) => o[f] !== undefined && o[f] !== null && typeof o[f] !== 'string' && typeof o[f] !== 'number');
  if (notText) return { mapped: null, reason: `field '${notText}' is not text` };
  if (!read.sampleNumber) return { mapped: null, reason: 'missing sample number' };
  if (kind === 'soil') return { mapped: read, reason: null };
  const { crop } = read;
  if (!crop) return { mapped: null, reason: 'missing crop' };
  const cropId = crops.get(crop.toLowerCase()) ?? null;
  if (cropId === null) return { mapped: null, reason: `unknown crop '${crop}'` };
  return { mapped: { ...read, cropId }, reason: null };
}
