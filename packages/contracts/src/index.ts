export * from './common.ts';
export * from './errors.ts';
export * from './access.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './applications.ts';
export * from './outbox.ts';
