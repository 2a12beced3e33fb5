import { Outlet } from 'react-router';

// Minimal until the layouts land (same session).
export default function Layout() {
  return <Outlet />;
}
