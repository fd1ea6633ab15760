/**
 * One request header from Node's `rawHeaders` (`[name, value, name, value, …]`), as the Fetch API
 * would report it: repeats joined with ", ", `undefined` when absent. Node's own `req.headers`
 * keeps only the first `Authorization` or `Content-Type`, while web-standard runtimes join them;
 * reading the joined value makes two `Authorization` headers a malformed credential on every
 * adapter. A scan of the raw list is also much cheaper than building a whole headers object for
 * one value, which matters on the guard's path, run on every protected request.
 *
 * @example
 * readRawHeader(req.rawHeaders, 'authorization'); // 'Bearer eyJ…'
 */
export function readRawHeader(rawHeaders: readonly string[], lowerCaseName: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < rawHeaders.length - 1; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === lowerCaseName.length && name.toLowerCase() === lowerCaseName) {
      value = value === undefined ? rawHeaders[i + 1]! : `${value}, ${rawHeaders[i + 1]!}`;
    }
  }
  return value;
}
