// autocannon ships no types; the bench uses this much of it.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Called before each request; returns the request to send. */
    setupRequest?: (req: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  }
  interface Result {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
