import { describe, expect, it } from 'vitest';
import { linePaths, niceMax, peak, xLabelIndexes, yTicks } from './chart-scale';

const frame = { width: 100, height: 60, left: 0, right: 0, top: 0, bottom: 0 };

describe('chart scale', () => {
  it('rounds the y axis up to a readable number', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(21)).toBe(25);
    expect(niceMax(380)).toBe(400);
    expect(niceMax(3)).toBe(4);
  });

  it('ticks only whole counts', () => {
    expect(yTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(yTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(yTicks(500)).toEqual([0, 100, 200, 300, 400, 500]);
  });

  it('draws the line left to right and closes the area on the axis', () => {
    const { line, area } = linePaths(
      frame,
      [
        { date: 'a', value: 0 },
        { date: 'b', value: 10 },
        { date: 'c', value: 5 },
      ],
      10,
    );
    expect(line).toBe('M0.0,60.0L50.0,0.0L100.0,30.0');
    expect(area).toBe(`${line}L100.0,60.0L0.0,60.0Z`);
  });

  it('labels the first and last day and a few between', () => {
    expect(xLabelIndexes(30)).toEqual([0, 10, 19, 29]);
    expect(xLabelIndexes(3)).toEqual([0, 1, 2]);
  });

  it('finds the busiest day, none when all are zero', () => {
    expect(
      peak([
        { date: 'a', value: 2 },
        { date: 'b', value: 5 },
        { date: 'c', value: 5 },
      ]),
    ).toEqual({ date: 'b', value: 5 });
    expect(peak([{ date: 'a', value: 0 }])).toBeNull();
  });
});
