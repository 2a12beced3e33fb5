/**
 * What the bundle imports as `react` (vite.config.ts aliases it here): Preact's compatibility layer,
 * plus what React does that it does not:
 * - `useOptimistic`, the one React 19 hook React Router calls. It only differs from its passthrough
 *   value while a transition is pending, and Preact's transitions run at once, so the router's
 *   optimistic state is always the committed one.
 * - `autoFocus`: React focuses such an element once, when it is mounted (a dialog's first button);
 *   Preact would only set the `autofocus` attribute, which a browser honours on page load alone.
 * - No `useInsertionEffect`: React runs it before the DOM changes, so Emotion's styles (MUI's) exist
 *   before their element does. Preact runs it as a layout effect, after the commit, so a layout
 *   effect that measured first (a multi-line text field sizing itself) had the browser style a new
 *   element without its CSS; when the CSS came, MUI's transitions animated it from the browser's
 *   colours (the "Post comment" button faded in from grey, and axe caught it mid-fade). Without the
 *   hook Emotion inserts its styles while rendering, as on React 17.
 */
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

export const useInsertionEffect = undefined;

export function useOptimistic(passthrough) {
  return [passthrough, () => undefined];
}

const focusedOnce = new WeakSet();
function focusOnMount(element) {
  if (element && !focusedOnce.has(element)) {
    focusedOnce.add(element);
    element.focus();
  }
}
// One wrapper per ref, so a re-render does not hand the element's ref a new function (and a null).
const wrappers = new WeakMap();
function focusingRef(ref) {
  if (!ref) return focusOnMount;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusOnMount(element);
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && props && props.autoFocus) {
    delete props.autoFocus;
    vnode.ref = focusingRef(vnode.ref);
  }
  if (previousVNodeHook) previousVNodeHook(vnode);
};
