/** First letters of the first and last word: "Ada King Lovelace" → "AL"; "?" for an empty name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}
