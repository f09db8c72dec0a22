/**
 * The API reference: /api/openapi.json is generated from the routes' own zod
 * schemas, lists every API route and nothing that does not exist, and /api/docs serves its viewer
 * from this origin.
 */
import { MAX_DOWNLOAD_LIMIT } from '@sealdrop/core/api-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../../testing/databases';
import { type RouteEntry, recordRoutes } from '../../testing/route-catalog';
import { createTestServer, type TestServer } from '../../testing/test-server';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maximum?: number;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The reference's own routes and Fastify's automatic HEAD twins are not API operations. */
function isApiOperation(route: RouteEntry) {
  return (
    route.url.startsWith('/api/') &&
    !route.url.startsWith('/api/docs') &&
    route.url !== '/api/openapi.json' &&
    route.method !== 'HEAD'
  );
}

/** Fastify's `/files/:fileId` is OpenAPI's `/files/{fileId}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('API reference', () => {
  let server: TestServer;
  /** Registered API operations (no HEAD twins); `all` keeps HEAD routes declared on purpose. */
  let routes: RouteEntry[];
  let all: RouteEntry[];
  let doc: OpenApi;

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      server = await createTestServer({ database: await createSqliteTestDatabase() });
    } finally {
      recorder.stop();
    }
    all = recorder.routes;
    routes = all.filter(isApiOperation);
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });
  afterAll(() => server?.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route the server registers, with a summary and a tag', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    for (const route of routes) {
      const operation = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.summary, `${route.method} ${route.url}`).toBeTruthy();
      expect(operation?.tags?.length, `${route.method} ${route.url}`).toBe(1);
    }
  });

  it('documents no route that does not exist', () => {
    const registered = new Set(all.map((r) => `${r.method} ${toOpenApiPath(r.url)}`));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        expect(registered, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
      }
    }
  });

  it('describes bodies, queries and parameters from the zod schemas the handlers validate with', () => {
    const presign = doc.paths['/api/upload/presign']?.post;
    const body = presign?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['size']));
    expect(body?.properties?.downloadLimit?.maximum).toBe(MAX_DOWNLOAD_LIMIT);
    const info = doc.paths['/api/files/{fileId}/info']?.get;
    expect(info?.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'fileId' }),
    );
    const page = doc.paths['/api/files/my-files']?.get;
    expect(page?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit']));
  });

  it('marks the routes that need a bearer token', () => {
    expect(doc.paths['/api/auth/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/files/{fileId}/info']?.get?.security).toBeUndefined();
  });

  it('keeps validation in the handlers: a bad body still answers the one 400 envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/files/resolve?slug=%21' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: expect.stringMatching(/^slug: /) });
  });

  it('serves the reference page and its scripts from this origin, no CDN', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    const bundle = await server.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
  });

  it('lets Swagger UI use inline styles on its own pages only; scripts stay self', async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    const docsCsp = String(docs.headers['content-security-policy']);
    expect(docsCsp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(docsCsp).toMatch(/script-src 'self';/);
    const other = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(other.headers['content-security-policy'])).toMatch(/style-src 'self';/);
  });
});
