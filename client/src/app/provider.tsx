import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Notifications } from '@/components/notifications';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Notifications />
      <LoadingOverlay />
    </QueryClientProvider>
  );
}
