import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { contentSecurityPolicy } from './headers.ts';
import type { App } from './types.ts';
import { serveEmbedScript } from './web-app.ts';

describe('web app answers', () => {
  it('serves the embed script readable cross-origin, 404 until it is built', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-embed-script-'));
    const script = path.join(folder, 'paraphe-embed.js');
    const app = Fastify();
    // The application's error handler answers an AppError with its status.
    app.setErrorHandler((error, _request, reply) => reply.status(error instanceof AppError ? error.status : 500).send());
    serveEmbedScript(app as unknown as App, script);
    try {
      expect((await app.inject({ method: 'GET', url: '/embed.js' })).statusCode).toBe(404);
      fs.writeFileSync(script, 'var Paraphe={};');
      const served = await app.inject({ method: 'GET', url: '/embed.js' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(served.body).toBe('var Paraphe={};');
    } finally {
      await app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('writes the policy with its own frame-ancestors, none by default', () => {
    expect(contentSecurityPolicy(false)).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy(true, ['https://a.example.com', 'https://b.example.com'])).toMatch(
      /frame-ancestors https:\/\/a\.example\.com https:\/\/b\.example\.com; .*upgrade-insecure-requests$/,
    );
  });
});
