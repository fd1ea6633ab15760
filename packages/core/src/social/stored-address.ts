/**
 * An address as the stores compare it (their unique key is the trimmed value lower-cased), and
 * nothing more: never a Unicode or NFKC fold. `ｖｉｃｔｉｍ@example.com` (full-width) is another
 * mailbox than `victim@example.com`, and a provider vouching for one says nothing about the other.
 */
export const storedAddress = (address: string): string => address.trim().toLowerCase();

export const sameStoredAddress = (a: string, b: string): boolean => storedAddress(a) === storedAddress(b);
