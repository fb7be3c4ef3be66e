/**
 * Plausible lab values of a leaf or soil sample, from a small seeded generator: the demo's results (captures and
 * manual submissions), and the results the outside-lab stand-ins publish (tools/stand-ins), so both read like a
 * lab's. Every value it draws lies within its usual range (./result-bounds.ts; result-bounds.test.ts checks it),
 * so demo data never asks a confirmation nor is flagged.
 */

/** A small seeded generator (mulberry32): the same demo results on every fresh start. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** a number between min and max with `dp` decimals */
  const between = (min: number, max: number, dp: number) => round(min + (max - min) * next(), dp);
  return { next, between };
}
const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/**
 * Leaf tissue, % or mg/kg of dry matter, within the ranges commonly reported for fruit and nut trees; Na% is
 * Na in mg/kg as a percentage; leaf-sap nitrate and ammonium (mg/l) only now and then. Illustrative demo data.
 */
export function leafValues(r: ReturnType<typeof generator>): Record<string, number> {
  const na = r.between(60, 600, 0);
  const v: Record<string, number> = {
    N: r.between(1.8, 3.0, 2), P: r.between(0.1, 0.35, 2), K: r.between(0.8, 2.4, 2), Ca: r.between(0.8, 3.0, 2), Mg: r.between(0.2, 0.6, 2),
    NaPerc: round(na / 10_000, 3), Na: na, Fe: r.between(50, 250, 0), Mn: r.between(30, 400, 0), Zn: r.between(15, 80, 1), Cu: r.between(4, 20, 1),
    B: r.between(20, 80, 1), S: r.between(0.15, 0.45, 2),
  };
  if (r.next() < 0.7) v.Mo = r.between(0.1, 1.5, 2);
  if (r.next() < 0.6) v.Ni = r.between(0.5, 5, 2);
  if (r.next() < 0.2) Object.assign(v, { No3: r.between(200, 1500, 0), Nh4: r.between(10, 150, 0) });
  return v;
}

/**
 * Soil: cations in mg/kg, their cmol(+)/kg (Ca 200.4, Mg 121.6, K 391, Na 230 mg/kg per cmol(+)/kg) giving the
 * S-value, the T-value with the exchangeable acidity (more of it in acid soils), the saturations and ratios
 * from those; organic matter as C (Walkley-Black) × 1.724. Illustrative demo data.
 */
export function soilValues(r: ReturnType<typeof generator>): Record<string, number> {
  const phKcl = r.between(4.0, 7.0, 1);
  const [k, na, ca, mg] = [r.between(60, 400, 0), r.between(10, 150, 0), r.between(300, 2500, 0), r.between(60, 500, 0)];
  const cmol = { k: k / 391, na: na / 230, ca: ca / 200.4, mg: mg / 121.6 };
  const sValue = cmol.k + cmol.na + cmol.ca + cmol.mg;
  const acid = phKcl < 5 ? r.between(0.3, 1.5, 2) : phKcl < 5.5 ? r.between(0.05, 0.4, 2) : 0;
  const tValue = sValue + acid;
  const pBrayI = r.between(5, 80, 1);
  const cWb = r.between(0.3, 2.5, 2);
  const v: Record<string, number> = {
    caToMg: round(cmol.ca / cmol.mg, 2), caAndMgDivK: round((cmol.ca + cmol.mg) / cmol.k, 2), mgToK: round(cmol.mg / cmol.k, 2), naToK: round(cmol.na / cmol.k, 2),
    k, na, ca, mg,
    caPerc: round((100 * cmol.ca) / tValue, 1), mgPerc: round((100 * cmol.mg) / tValue, 1), kPerc: round((100 * cmol.k) / tValue, 1), naPerc: round((100 * cmol.na) / tValue, 1),
    pBrayI, s: r.between(5, 40, 1), phKcl, phH2O: round(phKcl + r.between(0.5, 1.0, 1), 1), density: r.between(1.1, 1.5, 2),
    zn: r.between(0.5, 10, 1), mn: r.between(5, 80, 1), cu: r.between(0.5, 8, 1), fe: r.between(10, 120, 1),
    cWb, som: round(cWb * 1.724, 2), exchAcidKcl: acid, acidSatAmAc: round((100 * acid) / tValue, 1), tValueAmAc: round(tValue, 2), sAmAC: round(sValue, 2),
  };
  if (r.next() < 0.5) v.pBrayII = round(pBrayI * r.between(1.1, 1.5, 2), 1);
  if (phKcl >= 6.5) v.pOlsen = r.between(5, 40, 1);
  return v;
}
