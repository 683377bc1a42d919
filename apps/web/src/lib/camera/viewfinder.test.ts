import { describe, expect, it } from 'vitest';
import { viewfinderCrop } from './viewfinder.ts';

describe('viewfinderCrop', () => {
  it('maps the viewfinder of a 4:3 box onto a 16:9 frame that covers it (sides cut)', () => {
    // 1280x720 into 360x270: scale 0.375, visible 960x720 in the middle.
    expect(viewfinderCrop({ width: 1280, height: 720 }, { width: 360, height: 270 }, { width: 0.5, height: 0.5 })).toEqual({
      x: 400,
      y: 180,
      width: 480,
      height: 360,
    });
  });

  it('maps onto a portrait frame (top and bottom cut)', () => {
    // 720x1280 into 360x270: scale 0.5, visible 720x540.
    expect(viewfinderCrop({ width: 720, height: 1280 }, { width: 360, height: 270 }, { width: 1, height: 1 })).toEqual({
      x: 0,
      y: 370,
      width: 720,
      height: 540,
    });
  });

  it('answers the whole frame before the sizes are known', () => {
    expect(viewfinderCrop({ width: 640, height: 480 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });
});
