import { Route, Routes } from 'react-router';
import AdminLayout from './admin-layout';
import MaintenancePage from './maintenance-page';
import OverviewPage from './overview-page';
import PlansPage from './plans-page';
import ReportsPage from './reports-page';
import UserPage from './user-page';
import UsersPage from './users-page';

/**
 * The console's sections as descendant routes of `/admin/*`: the app's route table (in the entry
 * chunk every visitor downloads) carries one line for the console, and its sections travel here.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="plans" element={<PlansPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:sid" element={<UserPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="maintenance" element={<MaintenancePage />} />
        <Route path="*" element={<OverviewPage />} />
      </Route>
    </Routes>
  );
}
