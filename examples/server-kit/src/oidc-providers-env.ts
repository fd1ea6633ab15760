/** `OIDC_<ID>_ISSUER` (not the single `OIDC_ISSUER`): one generic OpenID Connect provider per `<ID>`. */
const ISSUER_SETTING = /^OIDC_([A-Z][A-Z0-9_]{1,31})_ISSUER$/;

const read = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

/** Space- or comma-separated scopes, as an env variable gives them. */
export const scopeList = (value: string | undefined) => value?.split(/[\s,]+/).filter(Boolean);

/**
 * Several generic OpenID Connect providers at once: `OIDC_<ID>_ISSUER`, `_CLIENT_ID`,
 * `_CLIENT_SECRET`, and optionally `_NAME`, `_SCOPES` (extra scopes), `_CLIENT_AUTH`
 * (`client_secret_basic`, `client_secret_post`, `private_key_jwt`), `_PRIVATE_KEY` (PKCS #8 PEM,
 * `\n` may be written literally), `_KEY_ID`, `_KEY_ALG`. The provider's id is `<ID>` in lower case
 * (`OIDC_KEYCLOAK_ISSUER` → `/api/v1/auth/oauth/keycloak`).
 */
export function readOidcProviders(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const providers: Record<string, unknown> = {};
  for (const name of Object.keys(env).sort()) {
    const match = ISSUER_SETTING.exec(name);
    const issuer = match ? read(env, name) : undefined;
    if (!match || !issuer) continue;
    const prefix = `OIDC_${match[1]}_`;
    const setting = (suffix: string) => read(env, `${prefix}${suffix}`);
    providers[match[1]!.toLowerCase().replace(/_/g, '-')] = {
      issuer,
      clientId: setting('CLIENT_ID'),
      ...(setting('CLIENT_SECRET') ? { clientSecret: setting('CLIENT_SECRET') } : {}),
      ...(setting('NAME') ? { name: setting('NAME') } : {}),
      ...(setting('SCOPES') ? { scopes: scopeList(setting('SCOPES')) } : {}),
      ...(setting('CLIENT_AUTH') ? { clientAuthentication: setting('CLIENT_AUTH') } : {}),
      ...(setting('PRIVATE_KEY') ? { privateKey: setting('PRIVATE_KEY')!.replace(/\\n/g, '\n') } : {}),
      ...(setting('KEY_ID') ? { keyId: setting('KEY_ID') } : {}),
      ...(setting('KEY_ALG') ? { keyAlgorithm: setting('KEY_ALG') } : {}),
    };
  }
  return providers;
}
