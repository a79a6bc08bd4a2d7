/**
 * Rendering images away from the request path (decision 0015). sharp works on libuv's thread
 * pool, which this server also needs for files, gzip and argon2, and a large render keeps CPU
 * cores busy for seconds. So renders run in a child process of their own (its own thread pool)
 * at the lowest CPU priority, a few at a time, with a bounded queue: pages keep their latency
 * and a flood of renders is refused (ImageRendererBusyError) instead of piling up.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The widest image rendered, in pixels (1280 CSS px at 2x; 1920 at 2x is drawn at this width). */
export const maxRenderWidth = 2560;

export interface RenderJob {
  /** Absolute path of the source file. */
  source: string;
  /** Width in pixels; undefined keeps the source's own width (times the density for drawings). */
  width: number | undefined;
  density: 1 | 2;
  quality: number;
  /** Cut to this shape around the centre (the picture covers it); undefined keeps the source's shape. */
  aspect?: { readonly width: number; readonly height: number };
}

/** Renders a source file to webp. Runs in the render process (tests call it directly). */
export async function renderWebp(job: RenderJob, timeoutSeconds = 0): Promise<Buffer> {
  const input = await readFile(job.source);
  const { format, width: naturalWidth = 0, height: naturalHeight = 0 } = await sharp(input).metadata();
  const vector = format === 'svg';
  const ownWidth = vector ? naturalWidth * job.density : naturalWidth;
  const width = Math.min(job.width ?? ownWidth, maxRenderWidth);
  const height = job.aspect ? Math.round((width * job.aspect.height) / job.aspect.width) : undefined;
  // Cut to a taller shape, the picture is drawn wide enough for its height to fill the cut.
  const drawnWidth = height && naturalHeight > 0 ? Math.max(width, Math.ceil((height * naturalWidth) / naturalHeight)) : width;
  // A drawing is rasterised at the size it is shown: its blur and noise filters cost in
  // proportion to the pixels drawn, so drawing it large and scaling down would waste seconds.
  const density = vector && naturalWidth > 0 ? Math.min(Math.max((72 * drawnWidth) / naturalWidth, 1), 100_000) : 72;
  return sharp(input, { density })
    .resize({ width, height, fit: 'cover', position: 'centre', withoutEnlargement: job.width === undefined })
    .webp({ quality: job.quality })
    .timeout({ seconds: timeoutSeconds })
    .toBuffer();
}

/** Too many renders waiting, or the render process stopped: try again later (HTTP 503). */
export class ImageRendererBusyError extends Error {
  override name = 'ImageRendererBusyError';
}

export interface ImageRendererOptions {
  /** Renders at once (each on one thread of the render process). */
  concurrency: number;
  /** Renders waiting for a turn; beyond this, render() refuses at once. */
  maxQueued: number;
  /** A render taking longer is cancelled and reported busy. */
  timeoutSeconds: number;
}

export type RenderReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string; timedOut: boolean };
export type RenderRequest = { id: number; job: RenderJob; timeoutSeconds: number };

interface PendingRender {
  job: RenderJob;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
  /** Stops the render process when libvips' own timeout did not end the render. */
  overrun?: NodeJS.Timeout;
}

/** How long after its timeout a render that still runs gets its process stopped. */
const overrunGraceMs = 5_000;

export class ImageRenderer {
  private readonly options: ImageRendererOptions;
  private readonly waiting: PendingRender[] = [];
  private readonly running = new Map<number, PendingRender>();
  private worker: ChildProcess | undefined;
  private nextId = 1;
  private closed = false;
  /** Renders finished with an image, since start. */
  rendered = 0;

  constructor(options: ImageRendererOptions) {
    this.options = options;
  }

  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running.size;
  }

  render(job: RenderJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new ImageRendererBusyError('the image renderer is closed'));
    if (this.running.size >= this.options.concurrency && this.waiting.length >= this.options.maxQueued) {
      return Promise.reject(new ImageRendererBusyError(`${this.waiting.length} renders are waiting already`));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.startWaiting();
    });
  }

  /** Starts the render process ahead of the first render (it starts by itself otherwise). */
  start(): void {
    if (!this.closed) this.ensureWorker();
  }

  /** Stops the render process; renders in progress or waiting are refused as busy. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new ImageRendererBusyError('the image renderer is closed'));
    const worker = this.worker;
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill();
      await exited;
    }
  }

  private startWaiting() {
    while (this.running.size < this.options.concurrency && this.waiting.length > 0) {
      const pending = this.waiting.shift() as PendingRender;
      const id = this.nextId++;
      this.running.set(id, pending);
      const request: RenderRequest = { id, job: pending.job, timeoutSeconds: this.options.timeoutSeconds };
      const worker = this.ensureWorker();
      // A failed send means the process is going away; its exit rejects this render.
      worker.send(request, () => {});
      pending.overrun = setTimeout(() => worker.kill('SIGKILL'), this.options.timeoutSeconds * 1000 + overrunGraceMs);
    }
  }

  private ensureWorker(): ChildProcess {
    if (this.worker) return this.worker;
    const worker = fork(join(import.meta.dirname, 'image-render-worker.server.ts'), [], {
      execArgv: [],
      // The render process's own pool: one thread per concurrent render, one for its file reads.
      env: { ...process.env, UV_THREADPOOL_SIZE: String(this.options.concurrency + 1) },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    worker.on('message', (reply: RenderReply) => this.finish(reply));
    worker.on('exit', (code, signal) => this.stopped(worker, signal ?? `exit code ${code}`));
    // A process that could not start never exits; one that could reports its exit above.
    worker.on('error', (error) => {
      if (worker.pid === undefined) this.stopped(worker, error.message);
    });
    this.worker = worker;
    return worker;
  }

  private stopped(worker: ChildProcess, reason: string) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const [id, pending] of this.running) {
      this.running.delete(id);
      clearTimeout(pending.overrun);
      pending.reject(new ImageRendererBusyError(`the render process stopped (${reason})`));
    }
    if (!this.closed) this.startWaiting();
  }

  private finish(reply: RenderReply) {
    const pending = this.running.get(reply.id);
    if (!pending) return;
    this.running.delete(reply.id);
    clearTimeout(pending.overrun);
    if (reply.ok) {
      this.rendered++;
      pending.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    } else {
      pending.reject(reply.timedOut ? new ImageRendererBusyError(reply.message) : new Error(`rendering ${pending.job.source} failed: ${reply.message}`));
    }
    this.startWaiting();
  }
}
