import { create } from 'zustand';
import type { AboutYouValues, LoginInfoValues } from '../utils/validation';

export type JoinValues = LoginInfoValues & AboutYouValues;

const emptyValues: JoinValues = {
  signupEmail: '',
  signupEmailConfirm: '',
  signupPassword: '',
  userCategory: '',
  websiteUrl: '',
};

interface JoinDraftState {
  step: 1 | 2;
  values: JoinValues;
  /** Errors sent by the server, keyed by API field name; cleared per field as the user edits it. */
  serverErrors: Record<string, string>;
  setStep: (step: 1 | 2) => void;
  setValue: <K extends keyof JoinValues>(field: K, value: JoinValues[K]) => void;
  setServerErrors: (errors: Record<string, string>) => void;
  clearServerError: (field: string) => void;
  reset: () => void;
}

/** Registration wizard draft: kept in memory only (never persisted, it holds a password). */
export const useJoinDraft = create<JoinDraftState>()((set) => ({
  step: 1,
  values: emptyValues,
  serverErrors: {},
  setStep: (step) => set({ step }),
  setValue: (field, value) => set((s) => ({ values: { ...s.values, [field]: value } })),
  setServerErrors: (serverErrors) => set({ serverErrors }),
  clearServerError: (field) =>
    set((s) => {
      if (!(field in s.serverErrors)) return s;
      const next = { ...s.serverErrors };
      delete next[field];
      return { serverErrors: next };
    }),
  reset: () => set({ step: 1, values: emptyValues, serverErrors: {} }),
}));
