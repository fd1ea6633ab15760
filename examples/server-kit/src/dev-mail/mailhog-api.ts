import type { CaughtMail } from '@gatehousejs/mailer-smtp/testing';

/** An address as MailHog splits it. */
export interface MailhogPath {
  Relays: null;
  Mailbox: string;
  Domain: string;
  Params: string;
}

/** A message in the shape MailHog's API returns, so tools written for MailHog can read it. */
export interface MailhogMessage {
  ID: string;
  From: MailhogPath;
  To: MailhogPath[];
  Content: {
    /** Header values as written in the message (encoded words are not decoded), like MailHog. */
    Headers: Record<string, string[]>;
    /** The raw body after the header block, transfer encoding and MIME parts included, like MailHog. */
    Body: string;
    Size: number;
    MIME: null;
  };
  /** ISO 8601. */
  Created: string;
  MIME: null;
  Raw: { From: string; To: string[]; Data: string; Helo: string };
}

/** `GET /api/v2/messages`: a page of messages, newest first. */
export interface MailhogMessagePage {
  total: number;
  count: number;
  start: number;
  items: MailhogMessage[];
}

export function toMailhogMessage(mail: CaughtMail): MailhogMessage {
  return {
    ID: mail.id,
    From: toPath(mail.from),
    To: mail.to.map(toPath),
    Content: {
      Headers: Object.fromEntries(Object.entries(mail.headers).map(([name, values]) => [name, [...values]])),
      Body: bodyOf(mail.raw),
      Size: Buffer.byteLength(mail.raw),
      MIME: null,
    },
    Created: mail.receivedAt.toISOString(),
    MIME: null,
    Raw: { From: mail.from, To: [...mail.to], Data: mail.raw, Helo: mail.helo },
  };
}

/** Newest first, as MailHog lists them. */
export function toMailhogPage(newestFirst: readonly CaughtMail[], start: number, limit: number): MailhogMessagePage {
  const items = newestFirst.slice(start, start + limit).map(toMailhogMessage);
  return { total: newestFirst.length, count: items.length, start, items };
}

function toPath(address: string): MailhogPath {
  const at = address.lastIndexOf('@');
  return {
    Relays: null,
    Mailbox: at < 0 ? address : address.slice(0, at),
    Domain: at < 0 ? '' : address.slice(at + 1),
    Params: '',
  };
}

function bodyOf(raw: string): string {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? raw.slice(match.index + match[0].length) : '';
}
