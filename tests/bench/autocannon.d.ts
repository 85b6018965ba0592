// autocannon ships no types; the bench uses this much of it.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Called before each request; returns the request to send. */
    setupRequest?: (req: Request) => Request;
    /** Called with each answer to this request. */
    onResponse?: (status: number, body: string) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  interface Result {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    '5xx': number;
    latency: { average: number; p99: number };
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
