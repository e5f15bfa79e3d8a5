export { DashboardLayout } from './components/dashboard-layout';
export { DashboardHome } from './components/dashboard-home';
