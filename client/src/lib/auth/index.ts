export * from './keys';
export * from './validate-session';
export * from './get-user';
export * from './logout';
export * from './redirect';
