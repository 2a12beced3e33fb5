/** `items` with the one whose id is `itemId` moved to `toIndex` (clamped), positions renumbered 0..n-1 as the server keeps them. */
export function moveItem<T extends { id: string; position: number }>(items: readonly T[], itemId: string, toIndex: number): T[] {
  const from = items.findIndex((item) => item.id === itemId);
  if (from === -1) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(toIndex, next.length)), 0, moved!);
  return next.map((item, position) => (item.position === position ? item : { ...item, position }));
}

/** `items` without `itemId`, the ones after it moved up (the server closes the gap the same way). */
export function withoutItem<T extends { id: string; position: number }>(items: readonly T[], itemId: string): T[] {
  return items.filter((item) => item.id !== itemId).map((item, position) => (item.position === position ? item : { ...item, position }));
}
