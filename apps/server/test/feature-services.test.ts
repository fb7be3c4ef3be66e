import { describe, expect, it } from 'vitest';
import { featureServices, features } from '../src/features';
import type { FeatureModule } from '../src/platform/features/feature-module';

/** What features provide one another (FeatureServices, ADR 0190): each service by exactly one feature. */
describe('feature services', () => {
  it("every service is provided by exactly one feature: the job state by the lab, its owner", () => {
    expect(Object.keys(featureServices())).toEqual(['labJobStatus']);
    expect(features.filter((f) => f.provides?.labJobStatus).map((f) => f.name)).toEqual(['lab']);
  });

  it('refuses a service provided twice, or by none', () => {
    const lab = features.find((f) => f.name === 'lab')!;
    const twin: FeatureModule = { ...lab, name: 'twin' };
    expect(() => featureServices([lab, twin])).toThrow('Service labJobStatus is provided by lab and twin');
    expect(() => featureServices(features.filter((f) => f !== lab))).toThrow('No feature provides the service labJobStatus');
  });
});
