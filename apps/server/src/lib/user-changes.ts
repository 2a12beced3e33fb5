/**
 * "Something about this person changed": announced by the repositories whenever a user row,
 * their sessions, tokens or plan change, so in-process memories of them (the auth cache) forget
 * at once, whichever code path made the change.
 */
type Listener = (userId: number) => void;

const listeners = new Set<Listener>();

export function onUserChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function userChanged(userId: number | null | undefined): void {
  if (userId === null || userId === undefined) return;
  for (const listener of listeners) listener(userId);
}
