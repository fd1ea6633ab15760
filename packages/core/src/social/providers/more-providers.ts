import { atlassian } from './atlassian.js';
import { bitbucket } from './bitbucket.js';
import { dropbox } from './dropbox.js';
import { figma } from './figma.js';
import { kakao } from './kakao.js';
import { notion } from './notion.js';
import { reddit } from './reddit.js';
import { roblox } from './roblox.js';
import { tiktok } from './tiktok.js';
import { zoom } from './zoom.js';

/** The ten providers added in issue 25, each a small definition made with `defineOAuth2Provider` or `defineOidcProvider`. */
export const MORE_PROVIDERS = { zoom, notion, figma, kakao, bitbucket, reddit, tiktok, roblox, dropbox, atlassian } as const;
