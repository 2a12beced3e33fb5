import { Component, type ReactNode } from 'react';

/**
 * Renders nothing when its lazily loaded child fails (a chunk that could not be fetched while the
 * network is gone): a dialog or notice that cannot load must not take the page down with it.
 * Give it a `key` per thing shown so the next dialog gets a fresh chance.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
