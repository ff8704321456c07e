import { afterAll } from 'vitest';
import { dropSchemasOfFile } from '#tests/server/helpers/pg-schemas.ts';

// Each API suite file's PostgreSQL schemas are dropped after it (helpers/pg-schemas.ts).
afterAll(dropSchemasOfFile);
