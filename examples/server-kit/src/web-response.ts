/** A framework-neutral page request: enough for the small pages of the examples. */
export interface PageRequest {
  method: string;
  /** Path below the mount point, starting with `/` (e.g. `/messages/abc`). */
  path: string;
  query: URLSearchParams;
  /** Where the page set is mounted (e.g. `/mailhog`), for links. */
  basePath: string;
}

/** What to send back; each framework writes it in its own way. */
export interface PageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
