/**
 * Serves the baseline's build (BASELINE_BUILD_DIR) on 127.0.0.1:PORT the way the shop serves
 * its own: Express, compression at level 1, React Router's Express adapter in production mode.
 * Started by bench/personal.ts as a child process; prints "ready" when it listens.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';

const buildDir = process.env.BASELINE_BUILD_DIR;
const port = Number(process.env.PORT);
if (!buildDir || !(port > 0)) throw new Error('BASELINE_BUILD_DIR and PORT must be set');

const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
express()
  .disable('x-powered-by')
  .use(compression({ level: 1 }))
  .use('/assets', express.static(join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }))
  .all('{*path}', createRequestHandler({ build, mode: 'production' }))
  .listen(port, '127.0.0.1', () => console.log('ready'));
