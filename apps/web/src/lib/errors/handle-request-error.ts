// Placeholder until the error catalogue lands (same session): reacts to nothing yet.
export function handleRequestError(_error: unknown): void {}
