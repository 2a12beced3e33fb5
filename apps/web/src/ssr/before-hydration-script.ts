/**
 * The page's one inline script (docs/design.md, "First view from the server"). On a slow phone the server's HTML paints seconds
 * before the app's modules run; this runs first, in <head>, before the body is parsed, and does two things:
 *
 * - It sets the colour scheme on <html> (the class MUI's theme reads, app/theme.ts) from the person's
 *   saved choice or, failing that, the system's, so a dark page never paints light first. <html> is
 *   outside React's root: no hydration mismatch.
 * - It records what a person does to the server's page before React has taken it over: which form
 *   controls they edited (`input`/`change`), and the last click on a button or submit of a form, both
 *   held back (the page would otherwise do nothing, or reload). React keeps the typed text in the DOM
 *   while hydrating, but its state still holds the server's value, so the client entry replays the
 *   record once the page is hydrated (ssr/replay-before-hydration.ts), with the values recorded here.
 *
 * A control React has already taken over (its props are on the element) is left to React.
 *
 * vite.config.ts inlines this file into index.html at build time: it must be self-contained (no imports,
 * nothing but this module's own declarations), and it is compiled, minified and wrapped in a function
 * that calls `beforeHydration(window)`. The server allows it in the content security policy by its
 * hash (apps/server/src/plugins/external/security.ts, inlineScriptHashes).
 */

/** Where the record waits for the client entry. */
export const BEFORE_HYDRATION_KEY = '__winkBeforeHydration';

/** MUI's own storage keys (@mui/material's InitColorSchemeScript defaults), as the theme provider writes them. */
export const MODE_STORAGE_KEY = 'mui-mode';
export const COLOR_SCHEME_STORAGE_KEY = 'mui-color-scheme';

export type BeforeHydrationAction =
  { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/** A control edited before React took it over, and its value (checked state for a checkbox or radio) after the last edit. */
export interface BeforeHydrationEdit {
  target: Element;
  value: string | boolean;
}

export interface BeforeHydrationRecord {
  /** Controls edited before React took them over, in the order first edited. */
  edits: BeforeHydrationEdit[];
  /** The last click on a button or submit of a form, held back; null when none. */
  action: BeforeHydrationAction | null;
  /** Stops recording (the client entry calls it once it replays). */
  stop: () => void;
}

/** Whether React has taken the element over: it sets its props on every element it hydrates. */
export function isLive(element: unknown): boolean {
  return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

export function beforeHydration(win: Window): void {
  const doc = win.document;

  // The colour scheme, as MUI's provider will set it once it runs (mode, then that mode's scheme).
  try {
    let mode = win.localStorage.getItem(MODE_STORAGE_KEY) || 'system';
    if (mode === 'system') mode = win.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    doc.documentElement.classList.add(win.localStorage.getItem(`${COLOR_SCHEME_STORAGE_KEY}-${mode}`) || mode);
  } catch {
    // No storage (a privacy mode): the page paints light and the provider follows the system after hydration.
  }

  const record: BeforeHydrationRecord = { edits: [], action: null, stop };

  // The value is kept as well as the control: a re-render soon after hydration writes React's state
  // (the server's value) back into the field before the replay.
  function onEdit(event: Event) {
    const target = event.target as HTMLInputElement;
    if (isLive(target)) return;
    const value = target.type === 'checkbox' || target.type === 'radio' ? target.checked : target.value;
    const edit = record.edits.find((entry) => entry.target === target);
    if (edit) edit.value = value;
    else record.edits.push({ target, value });
  }

  function onAction(event: Event) {
    const target = event.target as Element;
    let action: BeforeHydrationAction;
    if (event.type === 'submit') {
      action = { kind: 'submit', form: target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
    } else {
      // A link needs nothing: the server renders the page it leads to.
      const button = target.closest && target.closest<HTMLElement>('button,input[type=submit],input[type=button]');
      if (!button) return;
      action = { kind: 'click', target: button };
    }
    if (isLive(action.kind === 'click' ? action.target : action.form)) return;
    // Held back: neither the browser (a reload) nor a half-hydrated React sees it; it is replayed.
    event.preventDefault();
    event.stopPropagation();
    record.action = action;
  }

  // Capturing on the document: before React's own listeners on #root.
  const listeners: [string, (event: Event) => void][] = [
    ['input', onEdit],
    ['change', onEdit],
    ['click', onAction],
    ['submit', onAction],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);

  function stop() {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
  }

  (win as unknown as Record<string, BeforeHydrationRecord>)[BEFORE_HYDRATION_KEY] = record;
}
