import { Outlet } from 'react-router';

// Minimal until its owner lands it (same session).
export default function Layout() {
  return <Outlet />;
}
