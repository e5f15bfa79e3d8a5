import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useJoinDraft } from '@/features/auth/stores/join-draft';
import { useLoadingOverlay } from '@/stores/loading-overlay';
import { useNotifications } from '@/stores/notifications';

// A file's first render of a lazily loaded page transforms its modules first: over a second on a 2-core machine
// when the file runs alone, past testing-library's 1 s default for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

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
