/**
 * Access tokens as the API judges them (server/lib/jwt.ts, through `jose`): only HS256 under the
 * server's secret, with every claim in place, valid from its `nbf` (if any) until its `exp` by the
 * injected clock. Every other token gets the answer a bad token gets: 401 'Login expired'.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../../server/lib/jwt';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';

const LOGIN_EXPIRED = { status: 401, errorCode: 40102, message: 'Login expired' };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const partsOf = (token: string) => token.split('.') as [string, string, string];
const decoded = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(testDrivers())('access tokens on %s', (driver) => {
  let api: TestApi;
  let guestId: string;
  const secret = () => new TextEncoder().encode(api.deps.config.jwtSecret);
  const me = (token: string) => api.request('GET', '/user/user/me', { token });
  /** The claims a token of the server's carries for the demo guest, issued now. */
  const claimsNow = () => {
    const iat = Math.floor(api.clock.now().getTime() / 1000);
    return { sub: guestId, role: 'guest', gen: 0, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  };

  beforeAll(async () => {
    api = await createTestApi({ driver });
    const [guest] = await api.deps.db.select().from(users).where(eq(users.email, 'guest@example.com'));
    guestId = guest!.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lets a token the server signed through, naming the user it was signed for", async () => {
    const res = await me(await api.tokenFor({ id: guestId, role: 'guest' }));
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('guest@example.com');
  });

  it('answers 401 Login expired to a token whose signature was changed', async () => {
    const [header, payload, signature] = partsOf(await api.tokenFor({ id: guestId, role: 'guest' }));
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(`${header}.${payload}.${flipped}`)).body).toEqual(LOGIN_EXPIRED);
    expect((await me(`${header}.${payload}.`)).body).toEqual(LOGIN_EXPIRED);
    // The right signature written otherwise: padded, or with a character base64url decoding would skip.
    expect((await me(`${header}.${payload}.${signature}=`)).body).toEqual(LOGIN_EXPIRED);
    expect((await me(`${header}.${payload}.${signature.slice(0, 10)}*${signature.slice(10)}`)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired to a well-signed HS256 token whose header asks for more than its algorithm', async () => {
    // Signed here by hand: jose itself refuses to sign a header naming extensions it does not know.
    const signed = (header: object) => {
      const input = `${base64url(header)}.${base64url(claimsNow())}`;
      return `${input}.${createHmac('sha256', api.deps.config.jwtSecret).update(input).digest('base64url')}`;
    };
    expect((await me(signed({ alg: 'HS256', typ: 'JWT' }))).status, 'the same header without more').toBe(200);
    for (const header of [{ alg: 'HS256', typ: 'JWT', crit: ['exp'], exp: 1 }, { alg: 'HS256', b64: false, crit: ['b64'] }, { alg: 'HS256', kid: 'other' }]) {
      expect((await me(signed(header))).body, JSON.stringify(header)).toEqual(LOGIN_EXPIRED);
    }
  });

  it('answers 401 Login expired to a token whose claims were changed under the old signature', async () => {
    const [header, payload, signature] = partsOf(await api.tokenFor({ id: guestId, role: 'guest' }));
    const promoted = base64url({ ...decoded(payload), role: 'admin' });
    expect((await me(`${header}.${promoted}.${signature}`)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired to an unsigned token (alg: none)', async () => {
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claimsNow())}.`;
    expect((await me(unsigned)).body).toEqual(LOGIN_EXPIRED);
    // Also with the HS256 signature of the same claims left on it.
    const [, , signature] = partsOf(await new SignJWT(claimsNow()).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret()));
    expect((await me(`${unsigned}${signature}`)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired to a token of another algorithm, even one signed with the same secret', async () => {
    const hs512 = await new SignJWT(claimsNow()).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret());
    expect((await me(hs512)).body).toEqual(LOGIN_EXPIRED);
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claimsNow()).setProtectedHeader({ alg: 'RS256', typ: 'JWT', jwk: await exportJWK(publicKey) }).sign(privateKey);
    expect((await me(rs256)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired to an HS256 token signed with another secret', async () => {
    const forged = await signAccessToken({ id: guestId, role: 'guest' }, 'another-secret-another-secret-xx', api.clock.now());
    expect((await me(forged)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired once the fake clock reaches the expiry, to a token that worked before', async () => {
    const token = await api.tokenFor({ id: guestId, role: 'guest' });
    expect((await me(token)).status).toBe(200);
    api.clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await me(token)).status).toBe(200);
    api.clock.advance(1000);
    expect((await me(token)).body).toEqual(LOGIN_EXPIRED);
    // A token met for the first time after its expiry is refused alike.
    const late = await signAccessToken({ id: guestId, role: 'guest' }, api.deps.config.jwtSecret, new Date(api.clock.now().getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000));
    expect((await me(late)).body).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 Login expired to a token not yet valid by the fake clock, and lets it through from its nbf', async () => {
    const nbf = Math.floor(api.clock.now().getTime() / 1000) + 60;
    const early = await new SignJWT({ ...claimsNow(), nbf }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret());
    expect((await me(early)).body).toEqual(LOGIN_EXPIRED);
    // Asked again, when a cached check could answer: still refused until its time.
    expect((await me(early)).body).toEqual(LOGIN_EXPIRED);
    api.clock.advance(60_000);
    expect((await me(early)).status).toBe(200);
  });

  it('answers 401 Login expired to a well-signed token missing a claim or with one of the wrong kind', async () => {
    const { gen: _gen, ...noGeneration } = claimsNow();
    const { exp: _exp, ...noExpiry } = claimsNow();
    const { iat: _iat, ...noIssue } = claimsNow();
    const bad: Record<string, unknown>[] = [
      noGeneration,
      noExpiry,
      noIssue,
      { ...claimsNow(), role: 'owner' },
      { ...claimsNow(), sub: '' },
      { ...claimsNow(), exp: 'later' },
      { ...claimsNow(), nbf: 'now' },
      { ...claimsNow(), gen: 1.5 },
    ];
    for (const claims of bad) {
      const token = await new SignJWT(claims as never).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret());
      expect((await me(token)).body, JSON.stringify(claims)).toEqual(LOGIN_EXPIRED);
    }
  });

  it('answers 401 Login expired to what is no token at all', async () => {
    for (const junk of ['abc', 'a.b.c', `${base64url({ alg: 'HS256' })}.not-json.sig`, '...']) {
      expect((await me(junk)).body, junk).toEqual(LOGIN_EXPIRED);
    }
  });
});
