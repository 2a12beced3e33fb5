import { act, useEffect, useState, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_HYDRATION_KEY, beforeHydration, type BeforeHydrationRecord } from './before-hydration-script';
import { captureFocus, replayBeforeHydration } from './replay-before-hydration';

/**
 * The page's inline script and the replay, on a server-rendered form hydrated by React as main.tsx
 * does: what a person typed, ticked, chose and clicked before hydration reaches React's state.
 */

interface Sent {
  name: string;
  agree: boolean;
  colour: string;
}

function Form({ onSend, onPing }: { onSend: (sent: Sent) => void; onPing?: () => void }) {
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [colour, setColour] = useState('red');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ name, agree, colour });
      }}
    >
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <input aria-label="Agree" type="checkbox" checked={agree} onChange={(event) => setAgree(event.target.checked)} />
      <select aria-label="Colour" value={colour} onChange={(event) => setColour(event.target.value)}>
        <option value="red">Red</option>
        <option value="blue">Blue</option>
      </select>
      <button type="button" onClick={onPing}>
        Ping
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

/** Runs the replay after the hydrated tree has committed, as main.tsx's WhenHydrated does. */
function WhenHydrated({ restoreFocus, done }: { restoreFocus: () => void; done: (replayed: Promise<void>) => void }) {
  useEffect(() => {
    done(Promise.resolve().then(() => replayBeforeHydration(window, { restoreFocus })));
  }, [restoreFocus, done]);
  return null;
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.documentElement.className = '';
  (window as unknown as Record<string, BeforeHydrationRecord | undefined>)[BEFORE_HYDRATION_KEY]?.stop();
  (window as unknown as Record<string, unknown>)[BEFORE_HYDRATION_KEY] = undefined;
});

/** The server's HTML in the page and the inline script running, as before the app's scripts arrive. */
function serverPage(element: ReactElement): HTMLElement {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  beforeHydration(window);
  return container;
}

async function hydrate(container: HTMLElement, element: ReactElement): Promise<void> {
  let replayed: Promise<void> = Promise.resolve();
  const restoreFocus = captureFocus(document);
  await act(async () => {
    root = hydrateRoot(
      container,
      <>
        {element}
        <WhenHydrated restoreFocus={restoreFocus} done={(promise) => (replayed = promise)} />
      </>,
    );
  });
  await act(() => replayed);
}

/** What a person's typing does to a field: its value, then an input event. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const byLabel = <T extends HTMLElement>(container: HTMLElement, label: string) => container.querySelector<T>(`[aria-label="${label}"]`)!;
const button = (container: HTMLElement, text: string) =>
  Array.from(container.querySelectorAll('button')).find((element) => element.textContent === text)!;

describe('before hydration', () => {
  it('a field typed into and a submit reach React: the form sends what was typed, once', async () => {
    const onSend = vi.fn();
    const container = serverPage(<Form onSend={onSend} />);
    type(byLabel(container, 'Name'), 'Ada');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    // Held back: no reload, and nothing sent yet.
    expect(submit.defaultPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();

    await hydrate(container, <Form onSend={onSend} />);
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ name: 'Ada', agree: false, colour: 'red' });
    expect(byLabel<HTMLInputElement>(container, 'Name').value).toBe('Ada');
  });

  it('a checkbox ticked, an option chosen and the submit button clicked reach React', async () => {
    const onSend = vi.fn();
    const container = serverPage(<Form onSend={onSend} />);
    const agree = byLabel<HTMLInputElement>(container, 'Agree');
    agree.click();
    const colour = byLabel<HTMLSelectElement>(container, 'Colour');
    colour.value = 'blue';
    colour.dispatchEvent(new Event('change', { bubbles: true }));
    button(container, 'Send').click();
    expect(onSend).not.toHaveBeenCalled();

    await hydrate(container, <Form onSend={onSend} />);
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ name: '', agree: true, colour: 'blue' });
    expect(agree.checked).toBe(true);
  });

  it('the value typed is replayed even when a re-render wrote the state back into the field first', async () => {
    const onSend = vi.fn();
    const container = serverPage(<Form onSend={onSend} />);
    const name = byLabel<HTMLInputElement>(container, 'Name');
    type(name, 'Grace');
    // What React does to the field on a re-render before the replay: the state ('') written back.
    name.value = '';
    button(container, 'Send').click();

    await hydrate(container, <Form onSend={onSend} />);
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ name: 'Grace', agree: false, colour: 'red' });
  });

  it('only the last action is replayed: a button clicked, then another', async () => {
    const onSend = vi.fn();
    const onPing = vi.fn();
    const container = serverPage(<Form onSend={onSend} onPing={onPing} />);
    button(container, 'Send').click();
    button(container, 'Ping').click();

    await hydrate(container, <Form onSend={onSend} onPing={onPing} />);
    expect(onPing).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('focus and the caret stay where the person left them', async () => {
    const container = serverPage(<Form onSend={() => undefined} />);
    const name = byLabel<HTMLInputElement>(container, 'Name');
    name.focus();
    type(name, 'Hopper');
    name.setSelectionRange(2, 2);

    await hydrate(container, <Form onSend={() => undefined} />);
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([2, 2]);
  });

  it('stops recording once replayed: clicks and submits then belong to React alone', async () => {
    const onSend = vi.fn();
    const container = serverPage(<Form onSend={onSend} />);
    await hydrate(container, <Form onSend={onSend} />);
    expect(onSend).not.toHaveBeenCalled();

    button(container, 'Send').click();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('replays nothing when the page had no record (the inline script did not run)', async () => {
    await expect(replayBeforeHydration(window)).resolves.toBeUndefined();
  });
});

describe('the colour scheme before the first paint', () => {
  it('follows the system when nothing is saved, and a saved mode wins', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }));
    beforeHydration(window);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    (window as unknown as Record<string, BeforeHydrationRecord>)[BEFORE_HYDRATION_KEY]!.stop();

    document.documentElement.className = '';
    localStorage.setItem('mui-mode', 'light');
    beforeHydration(window);
    expect(document.documentElement.className).toBe('light');
  });
});
