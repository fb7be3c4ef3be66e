import { describe, expect, it } from 'vitest';
import { type FarmersReportData, type LeafPreReport, apiFeatures } from '@sapwood/contracts';
import { farmersSettings, formFieldOf, leafSettings, submissionIdsText, withVersions } from './settings';

const header: LeafPreReport['header'] = {
  submissionId: 12, languageId: 0, clientName: 'Orchard Co', farmName: 'Eastside', agronomistId: 3, agentId: 4, distributorId: 0, addressId: 0,
  graphType: 'GraphNew', includeSummary: true, includeIndex: false, includeGuidelines: false, includeDrisGraphs: false, includeCultivarLabels: false,
  excludeNa: false, includeSanas: false,
};
const leafSample = (id: number, o: Partial<LeafPreReport['samples'][number]> = {}): LeafPreReport['samples'][number] => ({
  id, cropId: 1, cultivars: [2], dateCaptured: new Date('2026-11-18T08:00:00Z'), excludeImage: false, growthStage: 'Flowering', growthStageId: null,
  matchedResult: true, noResult: null, notes: '', sample: `S${id}`, dataId: id * 10, blockNumber: 'B1', organTypeEnum: 'Normal', selected: true, ...o,
});

describe('the Report Settings from prereport', () => {
  it('leaf: the header and each sample\'s choice as the update call takes them; what is shown beside', () => {
    const pre: LeafPreReport[] = [{
      header, extraSampleNumbers: ['LN-9'], rowVersion: 3,
      samples: [leafSample(1), leafSample(2, { matchedResult: false, noResult: "Waiting for Wynland's result", selected: false, excludeImage: true, organTypeEnum: 'Reproductive' }), leafSample(3, { organTypeEnum: 'Odd' })],
    }];
    const { views, reports } = leafSettings(pre);
    expect(views).toEqual([{
      submissionId: 12, title: '12 · Orchard Co (Eastside)', extraSampleNumbers: ['LN-9'],
      samples: [
        { id: 1, sample: 'S1', date: new Date('2026-11-18T08:00:00Z'), blockNumber: 'B1', matched: true, noResult: null },
        { id: 2, sample: 'S2', date: new Date('2026-11-18T08:00:00Z'), blockNumber: 'B1', matched: false, noResult: "Waiting for Wynland's result" },
        { id: 3, sample: 'S3', date: new Date('2026-11-18T08:00:00Z'), blockNumber: 'B1', matched: true, noResult: null },
      ],
    }]);
    expect(reports[0].samples).toEqual([
      { id: 1, selected: true, excludeImage: false, organTypeEnum: 'Normal' },
      { id: 2, selected: false, excludeImage: true, organTypeEnum: 'Reproductive' },
      { id: 3, selected: true, excludeImage: false, organTypeEnum: undefined },
    ]);
    // the version read goes back with them
    expect(reports[0].rowVersion).toBe(3);
    // the update call's own schema takes the settings as they are
    expect(apiFeatures.leafReport.updateReportData.input.safeParse(reports).success).toBe(true);
  });

  it('farmers: the header without its id, and each sample\'s choice', () => {
    const pre: FarmersReportData[] = [{
      extraSampleNumbers: [],
      rowVersion: 0,
      farmerData: {
        id: 5, submissionId: 5, address: 0, agent: 2, agronomistId: 3, distributor: 1, clientName: 'Soil Co', farmName: 'West', languageId: 0,
        samples: [
          { id: 8, dateCaptured: null, sampleMatched: true, noResult: null, notes: '', sample: 'F1', dataId: null, blockNumber: 'B2', selected: true },
          { id: 9, dateCaptured: null, sampleMatched: false, noResult: "Waiting for Nvirotek's result", notes: '', sample: 'F2', dataId: null, blockNumber: 'B2', selected: false },
        ],
      },
    }];
    const { views, reports } = farmersSettings(pre);
    expect(views[0]).toEqual({
      submissionId: 5, title: '5 · Soil Co (West)', extraSampleNumbers: [],
      samples: [
        { id: 8, sample: 'F1', date: null, blockNumber: 'B2', matched: true, noResult: null },
        // a sample without a result says why, as a leaf one does (ADR 0252)
        { id: 9, sample: 'F2', date: null, blockNumber: 'B2', matched: false, noResult: "Waiting for Nvirotek's result" },
      ],
    });
    expect(reports).toEqual([{
      submissionId: 5, address: 0, agent: 2, agronomistId: 3, distributor: 1, clientName: 'Soil Co', farmName: 'West', languageId: 0, rowVersion: 0,
      samples: [{ id: 8, selected: true }, { id: 9, selected: false }],
    }]);
    expect(apiFeatures.farmersReport.updateReportData.input.safeParse(reports).success).toBe(true);
  });
});

describe('the update call\'s messages in the form', () => {
  it('names a report\'s field under the form\'s reports', () => {
    expect(formFieldOf('0.samples')).toBe('reports.0.samples');
    expect(formFieldOf('1.samples.3.organTypeEnum')).toBe('reports.1.samples.3.organTypeEnum');
  });

  it('a saved report carries the version it was saved at; others keep theirs', () => {
    const reports = [{ submissionId: 4, rowVersion: 0, clientName: 'A' }, { submissionId: 7, rowVersion: 2, clientName: 'B' }];
    expect(withVersions(reports, [{ submissionId: 7, rowVersion: 3 }])).toEqual([{ submissionId: 4, rowVersion: 0, clientName: 'A' }, { submissionId: 7, rowVersion: 3, clientName: 'B' }]);
  });

  it('links the farmers\' PDF by its submissions, once each', () => {
    expect(submissionIdsText([4, 7, 4])).toBe('4,7');
  });
});
