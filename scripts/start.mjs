// `npm start`: build the web app if its sources changed since the last build, then serve.
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../packages/server/src/main.ts');
