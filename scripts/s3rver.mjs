// `npm run s3rver`: a local S3 endpoint for trying STORAGE=s3 (http://127.0.0.1:4569, bucket "sealdrop").
// s3rver does not check signatures; real S3 does. The CORS rule mirrors what a real bucket needs.
import S3rver from 's3rver';

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3RVER_PORT ?? 4569),
  silent: true,
  directory: process.env.S3RVER_DIR ?? './data/s3rver',
  configureBuckets: [{ name: 'sealdrop', configs: [CORS] }],
});
const { address, port } = await server.run();
console.log(`s3rver listening on http://${address}:${port} (bucket "sealdrop")`);
