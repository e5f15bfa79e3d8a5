import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useJoinDraft } from '@/features/auth/stores/join-draft';
import { useLoadingOverlay } from '@/stores/loading-overlay';
import { useNotifications } from '@/stores/notifications';

afterEach(() => {
  cleanup();
  useNotifications.getState().clear();
  useLoadingOverlay.setState({ count: 0, message: undefined });
  useJoinDraft.getState().reset();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
