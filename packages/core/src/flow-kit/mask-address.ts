/**
 * A client address as a user sees it in their session list and notice mails: enough to tell home
 * from abroad, not enough to locate a household. IPv4 keeps its /24 (`203.0.113.*`), IPv6 its /48
 * (`2001:db8:1:*`); an IPv4 address mapped into IPv6 is shown as IPv4. Anything else is hidden.
 */
export function maskAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const v4 = mapped?.[1] ?? address;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (address.includes(':')) {
    const head = address.split('::')[0] ?? '';
    const groups = head.split(':').filter((group) => group !== '');
    return `${[...groups.slice(0, 3)].join(':')}:*`;
  }
  return null;
}
