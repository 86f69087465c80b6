// Tables owned by the platform itself; every domain's tables live in its own domains/<domain>/schema.ts.
export * from './messaging.ts';
export * from './events.ts';
export * from './idempotency.ts';
export * from './maintenance-mode.ts';
