import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { RunningServer } from './konek-server';

// ADR 087: the bare React page bench:web measures Konek against (bench/reference), built by the
// repository's own Vite and React into a temporary folder and served gzip by node:http: every path the
// page, every file of the build with its type.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function startReferencePage(): Promise<RunningServer> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'konek-reference-'));
  await build({
    root: path.join(import.meta.dirname, '../reference'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const files = new Map<string, { type: string; gz: Buffer }>();
  for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(outDir, name);
    if (!fs.statSync(file).isFile()) continue;
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    files.set(`/${name}`, { type, gz: zlib.gzipSync(fs.readFileSync(file)) });
  }
  const page = files.get('/index.html');
  if (!page) throw new Error('reference page: the build wrote no index.html');
  const server = http.createServer((request, response) => {
    request.resume();
    const { type, gz } = files.get(new URL(request.url ?? '/', 'http://x').pathname) ?? page;
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' });
    response.end(gz);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
