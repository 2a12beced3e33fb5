// The baseline for the benchmark: Fastify 5 with one route and nothing else (no logger, no plugins).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
