import { appConfig } from '../config';
import { requestScope } from './request-scope';

/**
 * The web address people reach the app at, for links that leave the app (a shared collection, a
 * citation in a member's text): the server's own in the Android app (its pages come from the device),
 * the address the person asked while the server renders a page, the page's origin in a browser.
 */
export function appOrigin(): string {
  return appConfig.serverOrigin || requestScope()?.origin || window.location.origin;
}
