// Placeholder until the analytics module lands (same session).
export function trackPageView(_name: string, _path: string): void {}
