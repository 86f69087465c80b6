export * from './applications.ts';
export * from './users.ts';
export * from './messaging.ts';
export * from './signatures.ts';
export * from './pki.ts';
export * from './signing.ts';
