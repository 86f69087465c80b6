import { describe, expect, it } from 'vitest';
import { features } from './features.ts';
import { frameFeatures } from './frameFeatures.ts';

describe('features and the router', () => {
  it('every feature with public or standalone screens is known to the router from the start', () => {
    const withFrames = features.filter((f) => (f.routes.public?.length ?? 0) + (f.routes.standalone?.length ?? 0) > 0).map((f) => f.namespace);
    expect(frameFeatures.map((f) => f.namespace).sort()).toEqual(withFrames.sort());
  });
});
