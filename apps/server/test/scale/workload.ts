import { createHash, randomUUID } from 'node:crypto';
import { samplePdf } from '../../src/features/order-detail/testing/sample-files';
import { buildMultipart, buildPdf } from '../reliability/support/upload';
import { send, type Tally } from './client';

export interface Member {
  id: number;
  name: string;
  token: string;
}

export interface Upload {
  orderId: number;
  email: string;
  file1: string;
  sha256: string;
}

/** Orders set aside per action, so each is claimed, moved or uploaded to exactly once. */
export interface Pools {
  claims: number[];
  moves: number[];
  uploads: { orderId: number; email: string }[];
}

const FOLDERS = ['newOrder', 'pendingOrder', 'completedOrder', 'awaitingOrder', 'allOrder'];
export const MOVED_TO = 'Awaiting';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * Staff members and customers working through the balancer until stopped. `pause()` lets the
 * requests in flight finish and holds the next ones, for a check on a still system.
 */
export class Workload {
  readonly uploads: Upload[] = [];
  readonly claimed: number[] = [];
  readonly moved: number[] = [];
  downloadsChecked = 0;
  private stopped = false;
  private paused: Promise<void> | undefined;
  private resume: (() => void) | undefined;
  private inFlight = 0;
  private readonly workers: Promise<void>[] = [];

  constructor(
    private readonly tally: Tally,
    private readonly baseUrl: string,
    private readonly pools: Pools,
    private readonly allOrders: number[],
  ) {}

  start(staff: Member[], customers: number): void {
    for (const member of staff) this.workers.push(this.run(() => this.staffStep(member)));
    for (let i = 0; i < customers; i++) this.workers.push(this.run(() => this.customerStep()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.resume?.();
    await Promise.all(this.workers);
  }

  async pause(): Promise<void> {
    if (!this.paused) this.paused = new Promise((resolve) => (this.resume = resolve));
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  unpause(): void {
    const resume = this.resume;
    this.paused = undefined;
    this.resume = undefined;
    resume?.();
  }

  private async run(step: () => Promise<void>): Promise<void> {
    while (!this.stopped) {
      if (this.paused) await this.paused;
      if (this.stopped) return;
      this.inFlight++;
      try {
        await step();
      } finally {
        this.inFlight--;
      }
      // A person works at a human pace: a short think time between two actions.
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }

  private async staffStep(member: Member): Promise<void> {
    const roll = Math.random();
    if (roll < 0.3) {
      const folder = pick(FOLDERS);
      await this.call({ method: 'GET', path: `/api/admin/get-orders-list/${folder}`, route: 'GET list', member });
    } else if (roll < 0.5) {
      const id = pick(this.allOrders);
      await this.call({ method: 'GET', path: `/api/admin/get-orders-details/${id}`, route: 'GET detail', member });
    } else if (roll < 0.65) {
      const id = this.pools.claims.pop();
      if (id === undefined) return;
      const ok = await this.call({
        method: 'PUT',
        path: '/api/admin/assign-order-status',
        route: 'PUT claim',
        member,
        json: { orderId: [id], assignto: member.name },
      });
      if (ok) this.claimed.push(id);
    } else if (roll < 0.8) {
      const id = this.pools.moves.pop();
      if (id === undefined) return;
      const ok = await this.call({
        method: 'PUT',
        path: '/api/admin/change-order-status',
        route: 'PUT status',
        member,
        json: { orderId: [id], updatingStatus: MOVED_TO },
      });
      if (ok) this.moved.push(id);
    } else {
      await this.upload(member);
    }
  }

  private async upload(member: Member): Promise<void> {
    const target = this.pools.uploads.pop();
    if (!target) return;
    // Real PDFs (pdfkit), every third one a larger file of a few hundred kilobytes.
    const content =
      target.orderId % 3 === 0 ? buildPdf(300_000) : await samplePdf(`Approved travel document ${target.orderId}`);
    const { body, contentType } = buildMultipart(
      { orderId: String(target.orderId), email: target.email, mailServiceProvider: pick(['AWS', 'Sendgrid']) },
      { field: 'uploadVisaDoc', filename: `approval-${target.orderId}.pdf`, contentType: 'application/pdf', content },
    );
    const answer = await send(this.tally, this.baseUrl, {
      method: 'POST',
      path: '/api/admin/upload-visa-document',
      route: 'POST upload',
      token: member.token,
      body,
      headers: { 'content-type': contentType, 'idempotency-key': randomUUID() },
    });
    if (!answer) return;
    const sha256 = createHash('sha256').update(content).digest('hex');
    this.uploads.push({ ...target, file1: answer.json().data.file1, sha256 });
  }

  /** A customer tracks an order with a document, asks for the link and downloads the file. */
  private async customerStep(): Promise<void> {
    // Each customer from an address of their own (nginx passes it on in X-Forwarded-For), as the
    // per-address limits of the visitor routes expect.
    const from = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    const upload = this.uploads.length ? pick(this.uploads) : undefined;
    if (!upload) {
      await send(this.tally, this.baseUrl, {
        method: 'POST',
        path: '/api/front/track-order',
        route: 'POST track',
        json: { orderId: String(pick(this.allOrders)), email: 'nobody@example.org' },
        headers: from,
        ok: [200, 400, 404],
      });
      return;
    }
    const tracked = await send(this.tally, this.baseUrl, {
      method: 'POST',
      path: '/api/front/track-order',
      route: 'POST track',
      json: { orderId: String(upload.orderId), email: upload.email },
      headers: from,
    });
    const token = tracked?.json().data?.token as string | undefined;
    if (!token) return;
    const link = await send(this.tally, this.baseUrl, {
      method: 'POST',
      path: '/api/front/download-passport-doc-pdf',
      route: 'POST download link',
      token,
      json: { orderId: String(upload.orderId), customername: 'customer', file1: upload.file1, timezone: 'UTC' },
      headers: from,
    });
    const url = link?.json().data?.url as string | undefined;
    if (!url) return;
    const file = await send(this.tally, this.baseUrl, {
      method: 'GET',
      path: url,
      route: 'GET document (visitor)',
      headers: from,
    });
    if (!file) return;
    if (createHash('sha256').update(file.body).digest('hex') !== upload.sha256) {
      this.tally.failures.push(`visitor download of ${upload.file1}: content differs`);
    }
    this.downloadsChecked++;
  }

  private async call(options: {
    method: 'GET' | 'PUT';
    path: string;
    route: string;
    member: Member;
    json?: unknown;
  }): Promise<boolean> {
    const answer = await send(this.tally, this.baseUrl, { ...options, token: options.member.token });
    return !!answer;
  }
}
