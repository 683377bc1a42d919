import { describe, expect, it } from 'vitest';
import { withArea } from './area-path.ts';

describe('withArea', () => {
  it('leaves regional paths as they are and adds ?area= for the local area', () => {
    expect(withArea('/api/ibdNo/1', 'RDC')).toBe('/api/ibdNo/1');
    expect(withArea('/api/ibdNo/1', 'LDC')).toBe('/api/ibdNo/1?area=LDC');
    expect(withArea('/api/ibdList?page=1', 'LDC')).toBe('/api/ibdList?page=1&area=LDC');
  });
});
