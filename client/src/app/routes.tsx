import { Navigate, type RouteObject } from 'react-router';
import { AccountPage, VerifyEmailPage } from '@/features/account';
import { createSingleVideoRoute } from '@/features/create-video';
import { DashboardHome, DashboardLayout } from '@/features/dashboard';
import { TermsPage } from '@/features/legal';
import { VoicesPage } from '@/features/voices';
import { OwnerOnly, RedirectIfAuthenticated, RequireAuth, RootRedirect } from './guards';
import { lazyPage } from './lazy-page';
import { COMING_SOON, type ComingSoonKey } from './routes/coming-soon-pages';
import { JoinRoute, LoginRoute, MaintenanceRoute } from './routes/auth-pages';
import { AutomationTaskRoute, Soon } from './routes/dashboard-pages';
import { RootLayout, RouteError } from './routes/root-layout';

// Heavy pages load their code when first opened; a failed load shows the page-refreshing modal.
const EditorRoute = lazyPage(() => import('@/features/videos/components/editor-page').then((m) => m.EditorRoute), 'Loading the editor…');
const VideoPreviewRoute = lazyPage(() => import('@/features/videos/components/video-preview-page').then((m) => m.VideoPreviewRoute));
const ManageVideosPage = lazyPage(() => import('@/features/videos/components/manage-videos-page').then((m) => m.ManageVideosPage));
const MediaLibraryPage = lazyPage(() => import('@/features/media-library').then((m) => m.MediaLibraryPage));

function soon(path: string, page: ComingSoonKey, ownerOnly = false): RouteObject {
  const element = <Soon page={page} />;
  return {
    path,
    element: ownerOnly ? <OwnerOnly>{element}</OwnerOnly> : element,
    handle: { title: COMING_SOON[page].title },
  };
}

/** Children of /dashboard (spec 001 section 2). */
const dashboardChildren: RouteObject[] = [
  { index: true, element: <DashboardHome />, handle: { title: 'Dashboard' } },
  soon('automation', 'automation'),
  { path: 'automation/task/:mode/:taskId?', element: <AutomationTaskRoute />, handle: { title: 'Automation task' } },
  { path: 'create-video', element: <Navigate to="/dashboard/create-video/single" replace /> },
  createSingleVideoRoute,
  soon('create-video/bulk/:createType?', 'createBulk'),
  soon('pro-tools', 'proTools'),
  soon('pro-tools/requests', 'proTools'),
  { path: 'account', element: <AccountPage />, handle: { title: 'Account' } },
  soon('account/auth', 'accountAuth'),
  {
    path: 'verify-email',
    element: (
      <OwnerOnly>
        <VerifyEmailPage />
      </OwnerOnly>
    ),
    handle: { title: 'Verify your email' },
  },
  { path: 'video/:id', element: <VideoPreviewRoute />, handle: { title: 'Video' } },
  soon('access', 'access'),
  soon('access/share/new', 'shareNew', true),
  soon('access/share/edit/:sharedAccessId', 'shareEdit', true),
  soon('access/shared/edit/:sharedAccessId', 'sharedEdit'),
  soon('mcp', 'mcp'),
  soon('ai-video-clip', 'aiVideoClip'),
  soon('ai-video-clip/create', 'aiVideoClip'),
  soon('character', 'characters'),
  soon('characters', 'characters'),
  soon('characters/create', 'characters'),
  soon('characters/:id', 'characters'),
  soon('characters/:id/edit', 'characters'),
  soon('ugc', 'ugc'),
  soon('ugc/new', 'ugc'),
  soon('ai-agent-dev/:sessionId?', 'aiAgent'),
  { path: 'terms-of-use', element: <TermsPage />, handle: { title: 'Terms of use' } },
  { path: 'media-library', element: <MediaLibraryPage />, handle: { title: 'Media library' } },
  { path: 'voices', element: <VoicesPage />, handle: { title: 'Voices' } },
  { path: 'manage-videos', element: <ManageVideosPage />, handle: { title: 'Manage videos' } },
  soon('plans', 'plans', true),
  soon('resources', 'resources'),
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'join', element: <JoinRoute />, handle: { title: 'Create your account' } },
          { path: 'join-sso', element: <JoinRoute />, handle: { title: 'Create your account' } },
          { path: 'login', element: <LoginRoute />, handle: { title: 'Log in' } },
        ],
      },
      { path: 'maintenance', element: <MaintenanceRoute />, handle: { title: 'Maintenance' } },
      { path: 'error/404', element: <Navigate to="/dashboard" replace /> },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: dashboardChildren,
      },
      {
        // The editor keeps the spec's paths; the text and voiceover variants open the same screen.
        path: 'editor',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { path: ':id', element: <EditorRoute />, handle: { title: 'Edit video' } },
          { path: ':id/text', element: <EditorRoute />, handle: { title: 'Edit video' } },
          { path: 'voiceover/:id', element: <EditorRoute />, handle: { title: 'Edit video' } },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/join" replace /> },
    ],
  },
];
