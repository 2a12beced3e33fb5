// @vitest-environment jsdom
import { createElement, createRef, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
// The production build's `react` (vite.config.ts): Preact's compatibility layer and what it adds.
import '../../build/react-on-preact.js';

const host = () => document.body.appendChild(document.createElement('div'));

describe('the Preact build keeps what React does with autoFocus', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses an element given autoFocus when it mounts, without writing the attribute', () => {
    const root = host();
    render(createElement('div', null, createElement('button', null, 'Cancel'), createElement('button', { autoFocus: true }, 'Edit')), root);
    expect(document.activeElement?.textContent).toBe('Edit');
    expect(root.querySelector('[autofocus]')).toBeNull();
  });

  it('focuses it once: a re-render leaves focus where the person moved it, and the element keeps its own ref', () => {
    const root = host();
    const ref = createRef<HTMLInputElement>();
    const view = (label: string) =>
      createElement(
        'div',
        null,
        createElement('input', { autoFocus: true, ref, 'aria-label': label }),
        createElement('button', null, 'Other'),
      );
    render(view('first'), root);
    expect(document.activeElement).toBe(ref.current);
    root.querySelector('button')!.focus();
    render(view('second'), root);
    expect(document.activeElement?.textContent).toBe('Other');
    expect(ref.current?.getAttribute('aria-label')).toBe('second');
  });
});
