import * as contract from '@wink/contracts/collections';
import { describe, expect, it } from 'vitest';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_ITEM_LIMIT, COLLECTION_NAME_MAX, COLLECTION_NOTE_MAX } from './limits';

describe('the limits the client checks first', () => {
  it('are the server’s', () => {
    expect(COLLECTION_ITEM_LIMIT).toBe(contract.COLLECTION_ITEMS_MAX);
    expect(COLLECTION_NAME_MAX).toBe(contract.COLLECTION_NAME_MAX);
    expect(COLLECTION_DESCRIPTION_MAX).toBe(contract.COLLECTION_DESCRIPTION_MAX);
    expect(COLLECTION_NOTE_MAX).toBe(contract.COLLECTION_NOTE_MAX);
  });
});
