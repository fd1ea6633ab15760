/** The front end's origin in the social suites: the server under test believes it is served there. */
export const SOCIAL_APP_URL = 'http://app.example.test';

/** Where the front end asks to be sent back after a sign-in. */
export const FRONT = `${SOCIAL_APP_URL}/`;

let sequence = 0;

/** A tag no other test of this process uses (subjects, usernames, addresses). */
export const uniqueTag = (tag: string) => `${tag}${++sequence}${Math.random().toString(36).slice(2, 7)}`;
