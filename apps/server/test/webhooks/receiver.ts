import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver for tests and the benchmark: records every request; `answer` chooses the status
 * (or 'hang' to never answer, so the sender times out), at once or later (a promise: a slow receiver).
 */
export async function startReceiver(answer: (request: Received, seen: number) => number | 'hang' | Promise<number> = () => 200) {
  const received: Received[] = [];
  const seenById = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const key = `${request.path} ${String(req.headers['webhook-id'])}`;
      const seen = (seenById.get(key) ?? 0) + 1;
      seenById.set(key, seen);
      const status = answer(request, seen);
      if (status === 'hang') return;
      void Promise.resolve(status).then((code) => {
        if (!res.destroyed) res.writeHead(code, { 'content-type': 'text/plain' }).end(code < 300 ? 'ok' : 'no');
      });
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
