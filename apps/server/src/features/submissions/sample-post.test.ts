import { describe, expect, it } from 'vitest';
import type { PostingHeader, PostingSample } from './submission-posting.repository';
import { samplePost } from './submission-posting.service';

const header: PostingHeader = {
  id: 7, state: 'Completed', lab: 'NvirotekFarmer', clientName: 'Flag Farm', farmName: 'North', dateSampled: '2026-11-20',
  completedAt: new Date('2026-11-25T10:00:00Z'), postedAt: null, hasLocation: true,
};
const sample = (s: Partial<PostingSample>): PostingSample => ({ sampleNumber: 'S1', blockNumber: 'B1', crop: null, labNumber: 'N-1', na: false, values: null, flags: null, ...s });

describe('the MFW post of a submission (issue 31, finding 5)', () => {
  it("sends an outside lab's out-of-bound value with its flag, and the others without one", () => {
    const post = samplePost('soil', header, [sample({ values: { kPerc: 150, ca: 987 }, flags: { kPerc: 'Impossible: must be at most 100 %' } })]);
    expect(post.samples[0].values).toEqual(expect.arrayContaining([
      { code: 'kPerc', value: 150, unit: expect.any(String), flag: 'Impossible: must be at most 100 %' },
      { code: 'ca', value: 987, unit: expect.any(String) },
    ]));
    expect(post.samples[0].values.find((v) => v.code === 'ca')).not.toHaveProperty('flag');
  });

  it('sends no flag of a value it does not send (N/A)', () => {
    const post = samplePost('soil', header, [sample({ na: true, values: {}, flags: { kPerc: 'Impossible: must be at most 100 %' } })]);
    expect(post.samples[0]).toMatchObject({ na: true, values: [] });
  });
});
