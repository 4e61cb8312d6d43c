import { businessToday } from '@nzeta/domain';
import { cursorWalk, type Exchange, type RequestSource, type RequestSpec, rotate, single } from './load';
import type { Samples } from './samples';

export interface Endpoint {
  key: string;
  label: string;
  server: 'baseline' | 'app' | 'peer';
  /** load: autocannon at each connection count; last-byte: sequential requests timed to the end */
  mode: 'load' | 'last-byte';
  source: RequestSource;
  /** how one request is timed on its own */
  exchange: Exchange;
  /** one example request, for the results */
  example: string;
}

export interface EndpointContext {
  samples: Samples;
  tokens: { admin: string; team: string };
  /** the folder 'All' is measured on, and its size */
  allFolder: { key: string; count: number };
  /** the largest folder (Order History) and its size */
  largest: { key: string; count: number };
  businessTimeZone: string;
}

/** Rows per request when the console shows a whole folder (the web client's ALL_CHUNK, MAX_PAGE_SIZE). */
export const ALL_CHUNK = 100_000;

/** The deep page sits half a million rows into the folder (page 10,000 of 50), or at its end. */
export const DEEP_ROW = 500_000;

export function deepPage(perPage: number, folderSize: number): number {
  const lastPage = Math.max(1, Math.ceil(folderSize / perPage));
  return Math.min(Math.ceil(DEEP_ROW / perPage), lastPage);
}

/**
 * Track-order as real traffic: every visitor its own address (X-Forwarded-For, from a random
 * starting point so runs within the throttle windows do not add up), each looking up one order of
 * the sample, three times (a reload, a second device); the throttles stay on at their defaults.
 */
function visitors(pairs: Samples['trackPairs']): RequestSource {
  const LOOKUPS_PER_VISITOR = 3;
  const firstVisitor = Math.floor(Math.random() * 2 ** 22);
  let request = 0;
  return () => {
    const visitor = firstVisitor + Math.floor(request / LOOKUPS_PER_VISITOR);
    const pair = pairs[visitor % pairs.length];
    request++;
    if (!pair) throw new Error('no order to track');
    const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    return {
      method: 'POST',
      path: '/api/front/track-order',
      body: { orderId: String(pair.orderId), email: pair.email },
      forwardedFor: address,
    };
  };
}

function fixed(spec: RequestSpec): RequestSource {
  return () => spec;
}

function describeSpec(spec: RequestSpec): string {
  return `${spec.method} ${spec.path}${spec.body === undefined ? '' : ` ${JSON.stringify(spec.body)}`}`;
}

function endpoint(
  key: string,
  label: string,
  source: RequestSource,
  options: Partial<Pick<Endpoint, 'server' | 'mode' | 'exchange'>> = {},
): Endpoint {
  return {
    key,
    label,
    source,
    exchange: options.exchange ?? single(source),
    example: describeSpec(source()),
    server: options.server ?? 'app',
    mode: options.mode ?? 'load',
  };
}

export function baselineEndpoints(): Endpoint[] {
  return [
    endpoint('l1', 'L1: Fastify, fixed body', fixed({ method: 'GET', path: '/l1' }), { server: 'baseline' }),
    endpoint('l2', 'L2: Fastify + driver, SELECT 1', fixed({ method: 'GET', path: '/l2' }), { server: 'baseline' }),
    endpoint('l1-page', 'L1-page: Fastify, fixed 256 KB body', fixed({ method: 'GET', path: '/l1-page' }), {
      server: 'baseline',
    }),
  ];
}

export function appEndpoints(ctx: EndpointContext): Endpoint[] {
  const { samples, tokens, largest, allFolder } = ctx;
  const team = tokens.team;
  const list = (perPage: number, page: number): RequestSource =>
    fixed({
      method: 'GET',
      path: `/api/admin/get-orders-list/${largest.key}?page=${page}&perPage=${perPage}`,
      token: team,
    });
  const search = (term: string): RequestSource =>
    fixed({
      method: 'POST',
      path: '/api/admin/search-order',
      body: { start: 1, end: 10, searchVal: term, folderName: 'allOrder' },
      token: team,
    });
  const today = businessToday(ctx.businessTimeZone);
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const range = { fromDate: yearAgo, toDate: today };
  const deep50 = deepPage(50, largest.count);
  const deep500 = deepPage(500, largest.count);
  const terms = samples.searchTerms;
  const defencePack = (orderId: number): RequestSpec => ({
    method: 'POST',
    path: '/api/admin/get-defence-pack-pdf',
    body: { orderId, defencePackType: 1 },
    token: team,
  });
  const whole = fixed({ method: 'GET', path: `/api/admin/get-orders-list/${allFolder.key}`, token: team });

  return [
    endpoint(
      'folder-counts',
      'folder counts (14)',
      fixed({ method: 'GET', path: '/api/admin/get-folder-count', token: team }),
    ),
    endpoint('list-50-p1', 'list 50 rows, page 1', list(50, 1)),
    endpoint('list-500-p1', 'list 500 rows, page 1', list(500, 1)),
    endpoint('list-50-deep', `list 50 rows, page ${deep50.toLocaleString('en-US')}`, list(50, deep50)),
    endpoint('list-500-deep', `list 500 rows, page ${deep500.toLocaleString('en-US')}`, list(500, deep500)),
    endpoint(
      'all-30k',
      `'All' of ${allFolder.key} (${allFolder.count.toLocaleString('en-US')} rows, pages of ${ALL_CHUNK.toLocaleString('en-US')})`,
      whole,
      { mode: 'last-byte', exchange: cursorWalk(whole, ALL_CHUNK) },
    ),
    endpoint(
      'all-30k-one',
      `'All' of ${allFolder.key} in one answer`,
      fixed({ ...whole(), path: `${whole().path}?page=1&perPage=${allFolder.count}` }),
      { mode: 'last-byte' },
    ),
    endpoint('search-rare', `search: rare term "${terms.rare}"`, search(terms.rare)),
    endpoint('search-surname', `search: common surname "${terms.surname}"`, search(terms.surname)),
    endpoint('search-domain', `search: e-mail domain "${terms.domain}"`, search(terms.domain)),
    endpoint('search-order-id', `search: order id "${terms.orderId}"`, search(terms.orderId)),
    endpoint('search-short', `search: 2 characters "${terms.short}"`, search(terms.short)),
    endpoint(
      'order-detail',
      'order detail with histories',
      rotate(samples.deliveredIds, (id) => ({
        method: 'GET',
        path: `/api/admin/get-orders-details/${id}`,
        token: team,
      })),
    ),
    endpoint(
      'report-country',
      'report by country, one year',
      fixed({ method: 'POST', path: '/api/admin/get-country-order-count', body: range, token: tokens.admin }),
    ),
    endpoint(
      'report-processed',
      'report processed by, one year',
      fixed({ method: 'POST', path: '/api/admin/get-processed-by-count', body: range, token: tokens.admin }),
    ),
    endpoint('track-order', 'track-order (visitor)', visitors(samples.trackPairs)),
    // The same 200 orders in turn, as staff print a pack again, and orders whose pack is drawn
    // for the first time: the server keeps the letters it drew (PDF_CACHE_MAX_AGE_MS).
    endpoint('defence-pack-pdf', 'defence pack 1 PDF', rotate(samples.deliveredIds, defencePack)),
    endpoint(
      'defence-pack-pdf-first',
      'defence pack 1 PDF, each drawn the first time',
      rotate(samples.firstDrawIds, defencePack),
    ),
  ];
}

/**
 * The same questions put to the peer (Platformatic DB's REST API, bench/peer) in its own terms:
 * Order History's first page of 50 newest with and without its total, a search by surname
 * (it filters one column at a time, so the surname only; with its total, as the product's
 * search answers one) and one order by its id.
 */
export function peerEndpoints(ctx: Pick<EndpointContext, 'samples'>): Endpoint[] {
  const history = 'where.processStatus.neq=Deleted&orderby.orderId=desc&limit=50&offset=0';
  const rare = encodeURIComponent(`%${ctx.samples.searchTerms.rare}%`);
  return [
    endpoint(
      'peer-list-50-p1-total',
      'peer: list 50 rows, page 1, with its total',
      fixed({ method: 'GET', path: `/orders?${history}&totalCount=true` }),
      { server: 'peer' },
    ),
    endpoint(
      'peer-list-50-p1',
      'peer: list 50 rows, page 1, no total',
      fixed({ method: 'GET', path: `/orders?${history}` }),
      {
        server: 'peer',
      },
    ),
    endpoint(
      'peer-search-rare',
      `peer: search surname "${ctx.samples.searchTerms.rare}" (name only), with its total`,
      fixed({
        method: 'GET',
        path: `/orders?where.lastName.ilike=${rare}&orderby.orderId=desc&limit=10&totalCount=true`,
      }),
      { server: 'peer' },
    ),
    endpoint(
      'peer-order-row',
      'peer: one order row by id',
      rotate(ctx.samples.deliveredIds, (id) => ({ method: 'GET', path: `/orders/${id}` })),
      { server: 'peer' },
    ),
  ];
}
