import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isListening } from './pgbouncer';

export const deployedConfig = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');

export interface Nginx {
  url: string;
  /** requests per upstream address, from the access log */
  requestsPerUpstream(): Map<string, number>;
  /** nginx's [error] lines (an instance that failed a request) */
  errors(): string[];
  stop(): Promise<void>;
}

export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * deploy/nginx.conf as shipped, with the instances' and the listening ports moved to the rig's,
 * inside a minimal main configuration that keeps every file in `dir`.
 */
export function renderNginxConfig(dir: string, listenPort: number, instancePorts: number[]): string {
  let site = readFileSync(deployedConfig, 'utf8');
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:(\d+)/gm)];
  if (servers.length !== instancePorts.length) throw new Error('deploy/nginx.conf: unexpected upstream servers');
  servers.forEach((match, i) => {
    site = site.replace(`127.0.0.1:${match[1]} `, `127.0.0.1:${instancePorts[i]} `);
  });
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  const temp = (name: string) => path.join(dir, name);
  return `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr $status';
  access_log ${temp('access.log')} upstreams;
  # Which instance answered, for the rig's reports (not in the deployed file).
  add_header X-Upstream $upstream_addr always;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

export async function startNginx(dir: string, listenPort: number, instancePorts: number[]): Promise<Nginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed: apt-get install nginx (or nginx-light)');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, renderNginxConfig(dir, listenPort, instancePorts));
  const child: ChildProcess = spawn(binary, ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await isListening(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start on ${listenPort}:\n${errors}${readLog(path.join(dir, 'error.log'))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    requestsPerUpstream() {
      const counts = new Map<string, number>();
      for (const line of readLog(path.join(dir, 'access.log')).split('\n')) {
        // "127.0.0.1:3301, 127.0.0.1:3302 200": the last address answered
        const upstream = line.split(' ').slice(0, -1).join(' ').split(', ').pop();
        if (upstream) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
      }
      return counts;
    },
    errors: () =>
      readLog(path.join(dir, 'error.log'))
        .split('\n')
        .filter((line) => line.includes('[error]')),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
