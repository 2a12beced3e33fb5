import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { DialogHost } from './dialog-host';
import { NoticeHost } from '../components/notices/notice-host';
import { trackPageView } from '../lib/analytics';
import type { RouteName } from '../lib/paths';

/** The part of every page that is not a page: scroll reset, page views, the one dialog, notices. */
export function RootShell() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const name = [...matches].reverse().find((match) => (match.handle as { name?: RouteName } | undefined)?.name)?.handle as
    { name: RouteName } | undefined;

  // Scroll resets to the top on navigation (docs/product.md); a change of query alone (search typing) keeps it.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (name) trackPageView(name.name, pathname);
  }, [name, pathname]);

  return (
    <>
      <Outlet />
      <DialogHost />
      <NoticeHost />
    </>
  );
}
