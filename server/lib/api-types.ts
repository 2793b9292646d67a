/** The server's view of the contract: types generated from openapi.yaml (`npm run gen:api`). */
import type { components, paths } from '../../common/api/schema';

export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of a path's answer, e.g. `ResponseBody<'/user/user/me', 'get', 200>`. */
export type ResponseBody<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number,
> = paths[Path][Method] extends { responses: infer Responses }
  ? Status extends keyof Responses
    ? JsonContent<Responses[Status]>
    : never
  : never;
