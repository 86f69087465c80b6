import { describe, expect, it } from 'vitest';
import { hitLink } from './links.ts';

const hit = (subtitle: string | null) => ({ id: 'abc', title: 'DOE John', subtitle, status: null, createdAt: null });

describe('search hit links', () => {
  it('opens each kind in its own view', () => {
    expect(hitLink('requests', hit(null))).toBe('/signatures/view/abc');
    expect(hitLink('campaigns', hit('campain'))).toBe('/campaigns/view/abc');
    expect(hitLink('campaigns', hit('publipostage'))).toBe('/publipostage/view/abc');
    expect(hitLink('operations', hit(null))).toBe('/batches/view/abc');
    expect(hitLink('contacts', hit('john@example.com · Acme'))).toBe('/phonebooks/list?q=john%40example.com');
  });
});
