import { flushSync } from 'react-dom';
import { BEFORE_HYDRATION_KEY, isLive, type BeforeHydrationEdit, type BeforeHydrationRecord } from './before-hydration-script';

/**
 * Replays what a person did to the server's page before React took it over (recorded by the inline
 * script, ssr/before-hydration-script.ts), once, after hydration (main.tsx):
 *
 * 1. Each edited control is shown to React as a change. React's hydration keeps the typed text in the
 *    DOM, and its value tracker records that text as the value React last saw, so the state (the
 *    server's value) never learns of it, a submit sends nothing, and the next re-render of the field
 *    writes the state back over the text. Setting the value through the element's own setter (React's
 *    tracker) to the value React rendered (`defaultValue`: the server's, which React keeps in step),
 *    then the recorded value through the prototype's native setter (which the tracker does not see),
 *    makes the next `input` event a change React reports to onChange. Checkboxes and radios the same
 *    with `checked` and a `click` event (what React reads their changes from; a plain Event does not
 *    toggle them); selects and file inputs report onChange on any `change` event.
 * 2. Focus and the caret go back to where the person left them before hydration (captureFocus):
 *    setting a value moves the caret to its end.
 * 3. The held-back action is done again, now that React has the values: the last button clicked is
 *    clicked, or the form submitted is submitted (requestSubmit, so its onSubmit runs).
 */

/** Longest wait for React to take over a recorded control (a boundary that hydrates late); then replay what is live. */
const LIVE_TIMEOUT_MS = 10_000;
const POLL_MS = 20;

type Writable = HTMLInputElement | HTMLTextAreaElement;

function nativeSetter(element: Element, property: 'value' | 'checked'): ((value: unknown) => void) | undefined {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, property)?.set;
}

/** Makes React see the recorded value (or checked state) as a change from the one it rendered. */
export function replayEdit({ target: element, value: recorded }: BeforeHydrationEdit): void {
  if (!element.isConnected) return;
  const view = element.ownerDocument.defaultView ?? window;
  if (element instanceof view.HTMLSelectElement || (element instanceof view.HTMLInputElement && element.type === 'file')) {
    if (element instanceof view.HTMLSelectElement && element.value !== recorded) element.value = String(recorded);
    element.dispatchEvent(new view.Event('change', { bubbles: true }));
    return;
  }
  if (element instanceof view.HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    const checked = Boolean(recorded);
    if (checked === element.defaultChecked) return;
    element.checked = !checked;
    nativeSetter(element, 'checked')?.call(element, checked);
    element.dispatchEvent(new view.Event('click', { bubbles: true }));
    return;
  }
  if (element instanceof view.HTMLInputElement || element instanceof view.HTMLTextAreaElement) {
    const field: Writable = element;
    const value = String(recorded);
    if (value === field.defaultValue) return;
    field.value = field.defaultValue;
    nativeSetter(field, 'value')?.call(field, value);
    field.dispatchEvent(new view.Event('input', { bubbles: true }));
  }
}

/**
 * The focused element and its selection as they are now, to put back after the replay: call it just
 * before hydrating, while the page is still as the person left it.
 */
export function captureFocus(doc: Document = document): () => void {
  const active = doc.activeElement as HTMLElement | null;
  if (!active || active === doc.body) return () => undefined;
  const field = active as Partial<Writable>;
  // Types without a caret (e-mail, number) answer null here and throw on setSelectionRange.
  const start = typeof field.selectionStart === 'number' ? field.selectionStart : null;
  const end = field.selectionEnd ?? null;
  const direction = field.selectionDirection ?? undefined;
  return () => {
    if (!active.isConnected) return;
    if (doc.activeElement !== active) active.focus({ preventScroll: true });
    if (start !== null && end !== null && field.setSelectionRange) {
      try {
        field.setSelectionRange(start, end, direction);
      } catch {
        // The control lost its caret meanwhile (its type changed): nothing to put back.
      }
    }
  };
}

function targetsOf(record: BeforeHydrationRecord): Element[] {
  const action = record.action;
  const targets = record.edits.map((edit) => edit.target);
  if (action?.kind === 'click') targets.push(action.target);
  if (action?.kind === 'submit') targets.push(action.form);
  return targets;
}

/** Resolves once React has taken over every recorded control still in the page, or after the timeout. */
function whenLive(record: BeforeHydrationRecord, timeoutMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      const waiting = targetsOf(record).some((element) => element.isConnected && !isLive(element));
      if (!waiting || Date.now() - started >= timeoutMs) resolve();
      else setTimeout(check, POLL_MS);
    };
    check();
  });
}

/**
 * Replays the record, once: call it after hydration has committed (outside React's own work, so the
 * edits' state updates can be flushed at once). Resolves when done; a page without a record (the
 * inline script did not run, or the client rendered the page alone) has nothing to replay.
 */
export async function replayBeforeHydration(
  win: Window = window,
  { timeoutMs = LIVE_TIMEOUT_MS, restoreFocus = captureFocus(win.document) }: { timeoutMs?: number; restoreFocus?: () => void } = {},
): Promise<void> {
  const holder = win as unknown as Record<string, BeforeHydrationRecord | undefined>;
  const record = holder[BEFORE_HYDRATION_KEY];
  if (!record) return;
  holder[BEFORE_HYDRATION_KEY] = undefined;
  // Still recording while React finishes: a click meanwhile on a control not yet live is held too.
  await whenLive(record, timeoutMs);
  record.stop();

  // Each edit's state update is rendered before the next step reads the state (an onSubmit's closure).
  flushSync(() => {
    for (const edit of record.edits) replayEdit(edit);
  });
  restoreFocus();

  const action = record.action;
  if (action?.kind === 'click' && action.target.isConnected) {
    action.target.click();
  } else if (action?.kind === 'submit' && action.form.isConnected) {
    const { form, submitter } = action;
    const sameForm = submitter?.isConnected && (submitter as HTMLButtonElement).form === form;
    form.requestSubmit(sameForm ? submitter : undefined);
  }
}
