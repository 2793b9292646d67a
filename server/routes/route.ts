/**
 * Each endpoint spelled once: `route(app, 'put', '/admin/table/{id}', ...guards, handler)` takes the path as
 * the contract writes it (openapi.yaml, decision 0008), mounts it in Hono's spelling ('/admin/table/:id'),
 * and checks the handler's answer against that operation's responses, so neither the router nor the
 * handler writes the path a second time. A handler answers `answer(status, body)`, or a `Response` of
 * its own for what is no JSON (a file, a redirect, a stream).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { paths } from '../../common/api/schema';
import type { AppEnv } from '../context';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The methods a contract path has. */
type MethodOf<P extends keyof paths> = { [M in Method]: paths[P][M] extends { responses: unknown } ? M : never }[Method];

type ResponsesOf<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** An answer the contract allows for the operation: one of its statuses with that status's JSON body. */
export type Answer<P extends keyof paths, M extends Method> = {
  [S in keyof ResponsesOf<P, M> & number]: { status: S; body: JsonOf<ResponsesOf<P, M>[S]> };
}[keyof ResponsesOf<P, M> & number];

/** A handler's answer: the HTTP status and the JSON body, checked against the contract by `route`. */
export const answer = <const S extends ContentfulStatusCode, Body>(status: S, body: Body) => ({ status, body });

/** A handler of one operation: its answer, or a `Response` it made itself. */
export type RouteHandler<P extends keyof paths, M extends Method> = (c: Context<AppEnv>) => Promise<Answer<P, M> | Response> | Answer<P, M> | Response;

/** Hono's spelling of a contract path: `{id}` becomes `:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Mounts the operation `method path` on `app`: its guards in order, then the handler. */
export function route<P extends keyof paths, M extends MethodOf<P>>(
  app: Hono<AppEnv>,
  method: M,
  path: P,
  ...chain: [...MiddlewareHandler<AppEnv>[], RouteHandler<P, M>]
): Hono<AppEnv> {
  const handler = chain.at(-1) as RouteHandler<P, M>;
  const guards = chain.slice(0, -1) as MiddlewareHandler<AppEnv>[];
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => Hono<AppEnv>;
  return on(method.toUpperCase(), honoPath(path), ...guards, async (c) => {
    const reply = await handler(c);
    return reply instanceof Response ? reply : c.json(reply.body as object, reply.status as ContentfulStatusCode);
  });
}
