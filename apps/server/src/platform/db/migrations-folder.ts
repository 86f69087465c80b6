export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
