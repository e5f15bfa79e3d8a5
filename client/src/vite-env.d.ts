/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional absolute origin of the API; empty means same origin (the default). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
