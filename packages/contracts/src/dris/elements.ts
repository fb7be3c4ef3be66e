/** The element enumeration of spec part 2 §3: every element a leaf norm, a formula graph or a DRIS norm names. */
export const ELEMENTS = ['N', 'P', 'K', 'Ca', 'Mg', 'S', 'Fe', 'Mn', 'NaPerc', 'Na', 'Zn', 'Cu', 'B', 'Mo', 'Ni', 'No3', 'Nh4'] as const;
export type Element = (typeof ELEMENTS)[number];

const byName = new Map<string, Element>(ELEMENTS.map((e) => [e, e]));
/** The element of that exact name (case matters: `Co` is not `CO`), or undefined. */
export const elementNamed = (name: string): Element | undefined => byName.get(name);

/** A sample's measured values by element; an element not analysed is absent (or null), never 0. */
export type ElementValues = Partial<Record<Element, number | null>>;
