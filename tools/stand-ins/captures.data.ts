/**
 * The capture app's seeded samples: a few hundred leaf and soil captures with realistic fields, made the
 * same way on every start (deterministic), a few of them unmappable on purpose (a crop the lab does not
 * know, a missing sample number).
 *
 * They are taken as a lab gets them (issue 31): an agent and an agronomist visit a client's farm on a day and
 * take several samples there, a block each, minutes apart; three such visits a day, on the days up to
 * `LAST_DAY` (or up to yesterday, should the clock be earlier), so that every capture is dated before any sync
 * of it. The agents and agronomists are named exactly as the demo reference lists name them (the server's
 * `agents` and `agronomists` demo data), so that the Prepare Submission dialog finds them.
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
/** the demo agents and agronomists of the server's reference lists (the International ones: these farms are South African) */
const AGENTS = ['Cape Agri Services (demo)', 'Valley Field Agents (demo)'];
const AGRONOMISTS = ['Anna van Wyk (demo)', 'Pieter Botha (demo)'];

/** The day of the newest visits (UTC midnight): the captures are dated on it and the days before. */
export const LAST_DAY = Date.UTC(2026, 10, 20);
const DAY = 86_400_000;
const MINUTE = 60_000;
/** a field visit's start on its day: three visits a day, at 07:00, 10:00 and 13:00 UTC (09:00–15:00 in South Africa) */
const VISIT_HOURS = [13, 10, 7];

/** How many samples visit v takes: 3 to 8. */
const visitSize = (v: number) => 3 + ((v * 5) % 6);

/**
 * The visits of a kind's n captures, oldest first: visit v (from 1) takes the next visitSize(v) captures. The
 * newest visit is on `lastDay`, three a day before it.
 */
function visitsOf(count: number, lastDay: number): { visit: number; first: number; size: number; start: number }[] {
  const visits: { visit: number; first: number; size: number; start: number }[] = [];
  for (let first = 1, v = 1; first <= count; first += visitSize(v), v++) visits.push({ visit: v, first, size: Math.min(visitSize(v), count - first + 1), start: 0 });
  visits.forEach((x, i) => {
    const back = visits.length - 1 - i;
    x.start = lastDay - Math.floor(back / 3) * DAY + VISIT_HOURS[back % 3] * 3_600_000;
  });
  return visits;
}

export function seedCaptures(leaf = 300, soil = 200, now = Date.now()): Capture[] {
  const lastDay = Math.min(LAST_DAY, Math.floor(now / DAY) * DAY - DAY);
  const out: Capture[] = [];
  for (const [kind, count] of [['leaf', leaf], ['soil', soil]] as const) {
    for (const { visit, first, size, start } of visitsOf(count, lastDay)) {
      const f = visit % CLIENTS.length;
      const [client, farm] = CLIENTS[f];
      for (let j = 0; j < size; j++) {
        const n = first + j;
        const captured = start + j * 6 * MINUTE;
        out.push({
          id: `${kind === 'leaf' ? 'LF' : 'SL'}-${String(n).padStart(6, '0')}`,
          kind,
          updatedAt: new Date(captured + 5 * MINUTE).toISOString(),
          // every 97th has no sample number; every 89th leaf names a crop the lab does not know
          sampleNumber: n % 97 === 0 ? '' : `${kind === 'leaf' ? 'L' : 'S'}${String(26_000 + n)}`,
          client, farm,
          block: `B${1 + ((visit + j) % 12)}`,
          crop: kind === 'leaf' ? (n % 89 === 0 ? 'Dragonfruit' : CROPS[n % CROPS.length]) : null,
          agent: AGENTS[visit % AGENTS.length],
          agronomist: AGRONOMISTS[(visit >> 1) % AGRONOMISTS.length],
          lab: n % 3 === 0 ? 'Wynland' : 'Nvirotek',
          capturedAt: new Date(captured).toISOString(),
          // where the farm lies, each block a little apart
          location: { lat: Math.round((-25.5 - f * 0.37 - j * 0.001) * 10_000) / 10_000, lng: Math.round((28.1 + f * 0.29 + j * 0.001) * 10_000) / 10_000 },
          photo: kind === 'leaf' ? `/photos/${kind}-${n}.png` : null,
        });
      }
    }
  }
  return out;
}
