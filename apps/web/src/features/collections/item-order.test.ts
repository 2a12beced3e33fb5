import { describe, expect, it } from 'vitest';
import { moveItem, withoutItem } from './item-order';

const items = ['a', 'b', 'c', 'd'].map((id, position) => ({ id, position }));
const order = (list: { id: string; position: number }[]) => list.map((item) => `${item.position}${item.id}`).join(' ');

describe('item order', () => {
  it('moves an item down or up and renumbers the positions without gaps', () => {
    expect(order(moveItem(items, 'a', 2))).toBe('0b 1c 2a 3d');
    expect(order(moveItem(items, 'd', 0))).toBe('0d 1a 2b 3c');
  });

  it('keeps a move past either end at that end, and an unknown id changes nothing', () => {
    expect(order(moveItem(items, 'b', 99))).toBe('0a 1c 2d 3b');
    expect(order(moveItem(items, 'c', -3))).toBe('0c 1a 2b 3d');
    expect(order(moveItem(items, 'x', 0))).toBe('0a 1b 2c 3d');
  });

  it('closes the gap a removed item leaves', () => {
    expect(order(withoutItem(items, 'b'))).toBe('0a 1c 2d');
  });
});
