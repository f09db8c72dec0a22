// `npm start`: build the web app and the server bundle if their sources changed, then serve.
import { buildServerIfStale, serverBundle } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
await buildServerIfStale();
await import(serverBundle);
