// Placeholder until notices land (same session).
export function NoticeHost() {
  return null;
}
