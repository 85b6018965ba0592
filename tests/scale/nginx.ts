import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEPLOY_CONFIG = new URL('../../deploy/nginx.conf', import.meta.url);

const findNginx = () =>
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

/** Debian's nginx, installed with apt-get when the machine has none. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  console.log('Installing nginx');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  const installed = findNginx();
  if (!installed) throw new Error('nginx is not installed and apt-get could not install it');
  return installed;
}

/** Replaces `pattern` in the committed config, failing loudly when the file no longer has it. */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}`);
  return text.replace(pattern, by);
}

/**
 * The committed site config with only its addresses changed: the upstream lines point at `apiPorts`, it listens on
 * `port` on loopback, and serves `webRoot`. Everything else (retries, max_fails, headers) is the tested config.
 */
export function siteConfig(apiPorts: number[], port: number, webRoot: string): string {
  let text = readFileSync(DEPLOY_CONFIG, 'utf8');
  const upstreamLines = /^( *)server 127\.0\.0\.1:\d+ (max_fails=.*;)\n(?: *server 127\.0\.0\.1:\d+ .*;\n)*/m;
  const [, indent, options] = text.match(upstreamLines) ?? [];
  text = replaceOnce(
    text,
    upstreamLines,
    apiPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options}\n`).join(''),
  );
  text = replaceOnce(text, /listen 80;/, `listen 127.0.0.1:${port};`);
  return replaceOnce(text, /root \/srv\/postkeeper\/dist\/client;/, `root ${webRoot};`);
}

/** The main config around the site file: pid, logs and temp folders under `prefix`, so nothing needs root. */
function mainConfig(prefix: string, sitePath: string): string {
  const tmp = (name: string) => join(prefix, 'tmp', name);
  return `worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${tmp('body')};
    proxy_temp_path ${tmp('proxy')};
    fastcgi_temp_path ${tmp('fastcgi')};
    uwsgi_temp_path ${tmp('uwsgi')};
    scgi_temp_path ${tmp('scgi')};
    include ${sitePath};
}
`;
}

export interface Nginx {
  process: ChildProcess;
  errorLog: () => string;
  stop(): Promise<void>;
}

/** nginx in the foreground with the generated config; stopped with SIGQUIT (finish the requests in flight). */
export function startNginx(binary: string, prefix: string, site: string): Nginx {
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const sitePath = join(prefix, 'postkeeper.conf');
  const mainPath = join(prefix, 'nginx.conf');
  writeFileSync(sitePath, site);
  writeFileSync(mainPath, mainConfig(prefix, sitePath));
  const errorLog = join(prefix, 'error.log');
  execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', mainPath, '-e', errorLog]);
  const child = spawn(binary, ['-p', prefix, '-c', mainPath, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    process: child,
    errorLog: () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
