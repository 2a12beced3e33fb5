import { CANNOT_BLOCK_YOURSELF, type BlockedUsersResponse } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { invalid, notFound } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import { toUserSummary } from '../users/user-resource';
import { usersRepository } from '../users/users-repository';
import { blocksRepository } from './blocks-repository';

/**
 * Blocking someone. Silent by design: nothing is sent to the blocked person, and nothing they can
 * call answers differently because of it (the effects on what each side sees come with those features).
 */
export class BlocksService {
  constructor(private db: Db) {}

  async block(user: UserRow, sid: string): Promise<void> {
    if (sid === user.sid) throw invalid('sid', CANNOT_BLOCK_YOURSELF);
    const target = await usersRepository.findBySid(this.db, sid);
    if (!target) throw notFound('The user');
    await blocksRepository.block(this.db, user.id, target.id);
  }

  /** Unblocking someone who is not blocked, or whose account is gone, leaves things as wanted: no error. */
  async unblock(user: UserRow, sid: string): Promise<void> {
    const target = await usersRepository.findBySid(this.db, sid);
    if (target) await blocksRepository.unblock(this.db, user.id, target.id);
  }

  async listBlocked(user: UserRow, cursor: string | undefined): Promise<BlockedUsersResponse> {
    const position = decodeCursor(cursor);
    const [page, total] = await Promise.all([
      blocksRepository.listBlocked(this.db, user.id, position, PAGE_SIZE),
      blocksRepository.countBlocked(this.db, user.id),
    ]);
    return { data: page.rows.map(toUserSummary), meta: { next_cursor: page.nextCursor, total } };
  }
}
