import { isUuid } from '@wink/contracts';
import { SAMPLE_LEVELS } from '../../../db/schema/articles';
import { invalid } from '../../../lib/errors';
import type { SampleLevels } from './search-sampling';
import type { RankedHit } from './static-order';

const RANK = /^\d{1,9}(\.\d{1,6})?$/;

/** Where the last page left off: its last hit's (rank, id), and the samples page 1 counted in, so every page counts alike. */
export interface RankPosition {
  rank: string;
  id: string;
  levels: SampleLevels;
}

const isLevel = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SAMPLE_LEVELS;

/**
 * The cursor is the last hit's (rank, id), ranks being rounded numerics that compare exactly page after
 * page, and the samples of page 1, so later pages read the same hits.
 */
export const encodeCursor = (row: RankedHit, levels: SampleLevels, corrected: boolean, question = false) => {
  const mode = (corrected ? 1 : 0) | (question ? 2 : 0);
  return Buffer.from(JSON.stringify([row.rank, row.id, levels.found, levels.shown, ...(mode ? [mode] : [])])).toString('base64url');
};

/**
 * A page position, whether page 1 showed the results of a spelling correction (later pages do too),
 * and whether it read the query as a question (question-search.ts; later pages do too).
 */
export type CursorPosition = RankPosition & { corrected: boolean; question: boolean };

export function decodeCursor(cursor: string | undefined): CursorPosition | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && (parsed.length === 4 || (parsed.length === 5 && [1, 2, 3].includes(parsed[4] as number)))) {
      const [rank, id, found, shown, mode = 0] = parsed as unknown[];
      if (typeof rank === 'string' && RANK.test(rank) && typeof id === 'string' && isUuid(id) && isLevel(found) && isLevel(shown)) {
        return { rank, id, levels: { found, shown }, corrected: ((mode as number) & 1) === 1, question: ((mode as number) & 2) === 2 };
      }
    }
  } catch {
    // the same answer as any other cursor we did not write
  }
  throw invalid('cursor', 'The cursor is invalid.');
}
