/** Where the session lives in the browser (docs/PRODUCT.md §3): `access_token`, `refresh_token`, `cache_user_info`. */

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const USER_INFO_KEY = 'cache_user_info';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** A key-value store with localStorage's shape, so tests can pass an in-memory one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** Reading the stored session: what the API client and the pages may do. */
export interface TokenReader {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readUser<T>(): T | null;
}

/** Writing it: the session chart's actions only (src/session/session-actor.ts). */
export interface TokenWriter {
  save(tokens: TokenPair): void;
  saveUser(user: unknown): void;
  clear(): void;
}

/** The three storage keys of one session; the staff console keeps its own apart from the guest's. */
export interface TokenKeys {
  access: string;
  refresh: string;
  user: string;
}

export const GUEST_TOKEN_KEYS: TokenKeys = { access: ACCESS_TOKEN_KEY, refresh: REFRESH_TOKEN_KEY, user: USER_INFO_KEY };

export class TokenStore implements TokenReader, TokenWriter {
  constructor(
    private readonly store: KeyValueStore,
    readonly keys: TokenKeys = GUEST_TOKEN_KEYS,
  ) {}

  get accessToken(): string | null {
    return this.store.getItem(this.keys.access);
  }

  get refreshToken(): string | null {
    return this.store.getItem(this.keys.refresh);
  }

  save(tokens: TokenPair): void {
    this.store.setItem(this.keys.access, tokens.token);
    this.store.setItem(this.keys.refresh, tokens.refreshToken);
  }

  readUser<T>(): T | null {
    const raw = this.store.getItem(this.keys.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  }

  saveUser(user: unknown): void {
    this.store.setItem(this.keys.user, JSON.stringify(user));
  }

  clear(): void {
    for (const key of [this.keys.access, this.keys.refresh, this.keys.user]) this.store.removeItem(key);
  }
}
