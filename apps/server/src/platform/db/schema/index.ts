export * from './applications.ts';
export * from './users.ts';
export * from './messaging.ts';
