// The few Next.js (App Router, 15) APIs docs/browser-sessions.md uses, as Next documents them
// (https://nextjs.org/docs/app/api-reference/functions/headers, /next-response): the docs test
// installs no Next.js, so its Next example is checked against these declarations. No imports: an
// ambient declaration file.
declare module 'next/headers' {
  /** The incoming request's headers, read-only (a server component, a route handler). */
  export function headers(): Promise<Headers>;
}

declare module 'next/server' {
  export class NextRequest extends Request {
    readonly nextUrl: URL;
  }
  export class NextResponse extends Response {
    static next(init?: { request?: { headers?: Headers } }): NextResponse;
    static redirect(url: string | URL, status?: number): NextResponse;
  }
}
