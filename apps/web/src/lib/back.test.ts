import { describe, expect, it } from 'vitest';
import { decideBack, isSafePath, referrerPath, type BackInput } from './back.ts';

const base: BackInput = {
  mode: 'default',
  returnPath: null,
  scanViewMounted: false,
  scanViewShown: true,
  referrer: '',
  origin: 'https://scan.example',
  currentPath: '/rdc/ibdNo/123',
  historyIndex: 0,
  home: '/rdc',
};
const decide = (over: Partial<BackInput>) => decideBack({ ...base, ...over });

describe('decideBack', () => {
  it('does nothing on the regional home (mode none) and without a back button', () => {
    expect(decide({ mode: 'none', historyIndex: 3, returnPath: '/rdc/ibdList' })).toEqual({ kind: 'none' });
    expect(decide({ mode: 'hidden' })).toEqual({ kind: 'none' });
  });

  it('hides the scan view on local scan pages that show one', () => {
    expect(decide({ mode: 'scan', scanViewMounted: true, returnPath: '/ldc' })).toEqual({ kind: 'hide-scan' });
  });

  it('leaves a local scan page whose scan view is hidden: Back never traps (issue 27)', () => {
    expect(decide({ mode: 'scan', scanViewMounted: true, scanViewShown: false, historyIndex: 2 })).toEqual({ kind: 'history' });
    expect(decide({ mode: 'scan', scanViewMounted: true, scanViewShown: false, returnPath: '/ldc/doList/OBD' })).toEqual({
      kind: 'navigate',
      to: '/ldc/doList/OBD',
    });
    expect(
      decide({ mode: 'scan', scanViewMounted: true, scanViewShown: false, currentPath: '/ldc/ScanOperation/1', home: '/ldc' }),
    ).toEqual({
      kind: 'navigate',
      to: '/ldc',
    });
  });

  it('falls back to navigation on a scan page with no scan view yet', () => {
    expect(decide({ mode: 'scan', scanViewMounted: false, historyIndex: 1 })).toEqual({ kind: 'history' });
  });

  it('prefers a fixed target, then returnPath', () => {
    expect(decide({ fixedTarget: '/ldc/liteDetail/DISPATCH+?docNo=1', returnPath: '/ldc' })).toEqual({
      kind: 'navigate',
      to: '/ldc/liteDetail/DISPATCH+?docNo=1',
    });
    expect(decide({ returnPath: '/rdc/ibdList', historyIndex: 4 })).toEqual({ kind: 'navigate', to: '/rdc/ibdList' });
  });

  it('ignores unsafe or self returnPaths', () => {
    expect(decide({ returnPath: '//evil.example/x', historyIndex: 1 })).toEqual({ kind: 'history' });
    expect(decide({ returnPath: 'https://evil.example', historyIndex: 1 })).toEqual({ kind: 'history' });
    expect(decide({ returnPath: '/rdc/ibdNo/123', historyIndex: 1 })).toEqual({ kind: 'history' });
  });

  it('uses a same-origin referrer on the entry page', () => {
    expect(decide({ referrer: 'https://scan.example/rdc/ibdList?q=1' })).toEqual({ kind: 'navigate', to: '/rdc/ibdList?q=1' });
    expect(decide({ referrer: 'https://other.example/rdc/ibdList' })).toEqual({ kind: 'navigate', to: '/rdc' });
  });

  it('goes one step back in history after in-app navigation', () => {
    expect(decide({ historyIndex: 2, referrer: 'https://scan.example/rdc/obdList' })).toEqual({ kind: 'history' });
  });

  it('goes to the area home with no history, and does nothing on the home itself', () => {
    expect(decide({})).toEqual({ kind: 'navigate', to: '/rdc' });
    expect(decide({ currentPath: '/ldc', home: '/ldc' })).toEqual({ kind: 'none' });
    expect(decide({ currentPath: '/404', home: '/' })).toEqual({ kind: 'navigate', to: '/' });
  });
});

describe('isSafePath and referrerPath', () => {
  it('accepts only same-origin absolute paths', () => {
    expect(isSafePath('/ldc')).toBe(true);
    expect(isSafePath('//x')).toBe(false);
    expect(isSafePath('/\\x')).toBe(false);
    expect(isSafePath('ldc')).toBe(false);
    expect(isSafePath(undefined)).toBe(false);
  });
  it('reads the path of a same-origin referrer and never throws', () => {
    expect(referrerPath('https://a.example/x?y=1', 'https://a.example')).toBe('/x?y=1');
    expect(referrerPath('not a url', 'https://a.example')).toBeUndefined();
    expect(referrerPath('', 'https://a.example')).toBeUndefined();
  });
});
