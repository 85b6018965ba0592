import type { AppConfig } from '../config';
import type { DemoLogin } from './demoLogins';

/** Whether HOST keeps the server to this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export interface DemoLoginNotice {
  /** none: no demo login works; local: they work on a loopback server; exposed: beyond it; refuse: do not start. */
  kind: 'none' | 'local' | 'exposed' | 'refuse';
  /** The banner's lines about the demo logins. */
  banner: string[];
  /** The one log line for an exposed or refused server. */
  message?: string;
}

/**
 * What to say at start about demo logins whose passwords are published. On a loopback server they are a
 * convenience and the banner lists them. Reachable from other machines, anyone could sign in with them, the
 * admin console included: the log and banner say so loudly. In production that is refused outright unless
 * SEED_DEMO=1 asks for a public demo: a production server holding them was most likely started once as a
 * demo and then promoted with the same data, and it must not come up with a publicly known admin password.
 */
export function demoLoginNotice(config: AppConfig, working: readonly DemoLogin[]): DemoLoginNotice {
  if (working.length === 0) return { kind: 'none', banner: [] };
  const list = [
    '  Demo logins:',
    ...working.map((l) => `    ${l.email.padEnd(20)} / ${l.password.padEnd(15)} (${l.label})`),
  ];
  if (isLoopbackHost(config.HOST)) return { kind: 'local', banner: ['', ...list] };
  const emails = working.map((l) => l.email).join(', ');
  if (config.NODE_ENV === 'production' && !config.SEED_DEMO) {
    const message =
      `Refusing to start: the demo logins ${emails} still have their published passwords and this production ` +
      `server listens on ${config.HOST}. Change those passwords or delete those accounts, set HOST=127.0.0.1, ` +
      'or set SEED_DEMO=1 if this is meant to be a public demo.';
    return { kind: 'refuse', banner: [], message };
  }
  const message =
    `Demo logins with published passwords work on this server, and it listens on ${config.HOST}: anyone who ` +
    `can reach it can sign in as ${emails}, the admin console included. Set HOST=127.0.0.1, or change those ` +
    'passwords or delete those accounts.';
  const warning = [
    '  !! WARNING: this server listens beyond this machine (HOST=' + config.HOST + ') and the demo logins',
    '  !! below have the passwords published in the README. Anyone who can reach it can sign in as them,',
    '  !! the admin console included. Set HOST=127.0.0.1, or change those passwords or delete the accounts.',
  ];
  return { kind: 'exposed', banner: ['', ...warning, '', ...list], message };
}
