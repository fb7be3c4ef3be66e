/**
 * The capture app's seeded samples: a few hundred leaf and soil captures with realistic fields, made the
 * same way on every start (deterministic), a few of them unmappable on purpose (a crop the lab does not
 * know, a missing sample number).
 */
export interface Capture {
  id: string;
  kind: 'leaf' | 'soil';
  updatedAt: string;
  sampleNumber: string;
  client: string;
  farm: string;
  block: string;
  crop: string | null;
  agent: string;
  agronomist: string;
  lab: string;
  capturedAt: string;
  location: { lat: number; lng: number };
  photo: string | null;
}

const CLIENTS = [['Green Valley Farms', 'Riverside'], ['Orchard Co', 'Eastside'], ['Upland Estates', 'North'], ['Suikerbos Boerdery', 'Die Hoek'], ['Kloof Citrus', 'Kloof 2']];
const CROPS = ['Pecan', 'Macadamia', 'Apple', 'Table grape', 'Pecan', 'Macadamia'];
const AGENTS = ['Agent Smith', 'Thabo Nkosi', 'Marie du Plessis'];
const AGRONOMISTS = ['Dr Nel', 'Dr Jacobs', 'Sipho Mthembu'];

export function seedCaptures(leaf = 300, soil = 200): Capture[] {
  const out: Capture[] = [];
  const day = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 3_600_000 * 7).toISOString();
  for (let i = 1; i <= leaf + soil; i++) {
    const kind = i <= leaf ? 'leaf' : 'soil';
    const n = kind === 'leaf' ? i : i - leaf;
    const [client, farm] = CLIENTS[i % CLIENTS.length];
    out.push({
      id: `${kind === 'leaf' ? 'LF' : 'SL'}-${String(n).padStart(6, '0')}`,
      kind,
      updatedAt: day(i),
      // every 97th has no sample number; every 89th leaf names a crop the lab does not know
      sampleNumber: n % 97 === 0 ? '' : `${kind === 'leaf' ? 'L' : 'S'}${String(26_000 + n)}`,
      client, farm,
      block: `B${1 + (n % 9)}`,
      crop: kind === 'leaf' ? (n % 89 === 0 ? 'Dragonfruit' : CROPS[n % CROPS.length]) : null,
      agent: AGENTS[n % AGENTS.length],
      agronomist: AGRONOMISTS[n % AGRONOMISTS.length],
      lab: n % 3 === 0 ? 'Wynland' : 'Nvirotek',
      capturedAt: day(i - 1),
      location: { lat: -25.5 - (n % 50) / 100, lng: 28.1 + (n % 40) / 100 },
      photo: kind === 'leaf' ? `/photos/${kind}-${n}.png` : null,
    });
  }
  return out;
}
