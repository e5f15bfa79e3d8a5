export interface NavItem {
  to: string;
  label: string;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard/create-video', label: 'Create video' },
  { to: '/dashboard/manage-videos', label: 'Manage videos' },
  { to: '/dashboard/media-library', label: 'Media library' },
  { to: '/dashboard/voices', label: 'Voices' },
  { to: '/dashboard/automation', label: 'Automation' },
  { to: '/dashboard/access', label: 'Account access' },
  { to: '/dashboard/account', label: 'Account' },
  { to: '/dashboard/plans', label: 'Plans' },
  { to: '/dashboard/resources', label: 'Resources' },
];
