import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff } from '../../src/db/factories';
import { auditLog } from '../../src/db/schema';
import { webDist } from '../../src/plugins/web-app';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('send a strict Content-Security-Policy, HSTS, nosniff and no referrer on every answer', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'GET', url: '/api/admin/get-folder-count' }),
      await t.call({ method: 'GET', url: '/api/no-such-call' }),
      await t.call({ method: 'GET', url: '/admin/my-order' }),
    ];
    for (const answer of answers) {
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(String(answer.headers['content-security-policy'])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=(\d{8,}|3[1-9]\d{6}); includeSubDomains/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answer every API call with Cache-Control: no-store and no CORS grant', async () => {
    const { token } = await t.signInAs('Admin');
    for (const url of ['/api/health', '/api/admin/get-team-member-list', '/api/admin/audit', '/api/nothing-here']) {
      const answer = await t.call({ method: 'GET', url, token, headers: { origin: 'https://attacker.example' } });
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('serve a built app without inline scripts or handlers, so the CSP needs no exception', () => {
    const index = path.join(webDist, 'index.html');
    if (!existsSync(index)) return;
    const html = readFileSync(index, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('the client address', () => {
  const failedSignInFrom = async (app: TestApp, remoteAddress: string, forwardedFor: string) => {
    const member = await insertStaff(app.database.db, { type: 'Team' });
    await app.call({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: member.email, password: 'wrong-password' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    const [row] = await app.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign-in'), eq(auditLog.actorId, member.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.ip;
  };

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await failedSignInFrom(t, '10.1.2.3', '203.0.113.9')).toBe('10.1.2.3');
  });

  it('takes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      expect(await failedSignInFrom(proxied, '10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
      expect(await failedSignInFrom(proxied, '192.0.2.50', '203.0.113.9')).toBe('192.0.2.50');
    } finally {
      await proxied.close();
    }
  });
});
