/** One place that reloads the page, so the actions that do it can be tested without navigating. */
export function reloadPage(): void {
  window.location.reload();
}
