/**
 * The API reference: an OpenAPI 3.1 document generated from the zod schemas the routes validate
 * with (shared/route-doc.ts) at /api/openapi.json, and Swagger UI served from our own origin at
 * /api/docs (bundled by @fastify/swagger-ui, no CDN). Register before the routes: @fastify/swagger
 * collects them as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const ENVELOPE = `Every JSON answer is \`{ "status": "success", "data": … }\` or
\`{ "status": "error", "message": "…" }\` with 400 (bad input), 401 (no or invalid token),
403 (not yours, a suspended account, a blocked network), 404 (unknown or expired; every
/api/admin route to non-admins), 409 (conflict), 410 (removed by a moderator or the malware
scanner), 413 (too large), 429 (rate limited, or a daily upload quota used up) or 507 (storage
full). Encryption keys live in the link's #fragment and are never sent to this API, except the one
a reporter chooses to include with a report (POST /api/reports).`;

/** The version of the HTTP contract, not of the package. */
const API_VERSION = '1';

function allowInlineStyles(csp: string): string {
  return csp.replace(/style-src 'self'(?=;|$)/, "style-src 'self' 'unsafe-inline'");
}

export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Sealdrop API', version: API_VERSION, description: ENVELOPE },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    // Swagger UI writes style attributes into its markup, which the app's `style-src 'self'`
    // refuses. Only its own pages (this plugin's routes) get inline styles; scripts stay 'self'.
    transformStaticCSP: allowInlineStyles,
    uiConfig: { docExpansion: 'list' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
