// Placeholder until the dialogs land (same session).
export function DialogHost() {
  return null;
}
