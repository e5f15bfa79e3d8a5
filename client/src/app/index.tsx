import { RouterProvider } from 'react-router/dom';
import { createApp } from './create-app';
import { AppProvider } from './provider';

const { router, queryClient } = createApp();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
