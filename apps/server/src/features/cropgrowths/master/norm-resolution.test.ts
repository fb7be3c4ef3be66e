import { describe, expect, it } from 'vitest';
import { GraphSets, type GraphSetsInput } from '@sapwood/contracts';
import { type LevelNorms, resolveNorms } from './norm-resolution';

const level = (l: LevelNorms['level'], graphs: GraphSetsInput, source: string = l): LevelNorms => ({
  level: l, graphs: GraphSets.parse(graphs), provenance: { source, method: 'ICP-OES', tissue: 'leaf', demo: false },
});

describe('norm resolution: growth stage over cultivar over crop', () => {
  const crop = level('crop', { macroGraph: { selected: true, n: { min: 2, med: 2.5, max: 3 }, p: { min: 0.1, med: 0.15, max: 0.2 } }, molybdenumGraph: { selected: true, mo: { min: 0.1, med: 0.2, max: 0.3 } } }, 'Walworth & Sumner 1987');
  const cultivar = level('cultivar', { macroGraph: { selected: true, n: { min: 2.2, med: 2.7, max: 3.2 } } });
  const stage = level('stage', { macroGraph: { selected: true, p: { min: 0.12, med: 0.16, max: 0.22 } }, molybdenumGraph: { selected: false, mo: { min: 9, med: 9, max: 9 } } });

  it('takes each element from the most specific level that gives it, and says which', () => {
    const r = resolveNorms([stage, cultivar, crop]);
    expect(r.map((e) => [e.element, e.level, e.min, e.med, e.max, e.provenance.source])).toEqual([
      ['N', 'cultivar', 2.2, 2.7, 3.2, 'cultivar'],
      ['P', 'stage', 0.12, 0.16, 0.22, 'stage'],
      // the stage's molybdenum set is not Selected: the crop's applies
      ['Mo', 'crop', 0.1, 0.2, 0.3, 'Walworth & Sumner 1987'],
    ]);
  });

  it('a sample with no cultivar or stage norms gets the crop’s; an element nobody gives is left out', () => {
    expect(resolveNorms([crop]).map((e) => `${e.element}:${e.level}`)).toEqual(['N:crop', 'P:crop', 'Mo:crop']);
    expect(resolveNorms([level('crop', {})])).toEqual([]);
    // a selected set with an element left empty does not hide the level below
    const emptyN = level('stage', { macroGraph: { selected: true, n: { min: null, med: null, max: null } } });
    expect(resolveNorms([emptyN, crop])[0]).toMatchObject({ element: 'N', level: 'crop' });
  });
});
