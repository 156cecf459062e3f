// Typed MSW handlers from the contract: `api.get("/Members/crons", resolver)` accepts only paths and
// methods of openapi.yaml, and types the path parameters, the JSON body and the JSON answer from the
// generated `paths`. (openapi-msw does the same for MSW 2 but does not support MSW 3.)
import { http, type DefaultBodyType, type HttpResponseResolver, type PathParams } from "msw";
import type { paths } from "../src/api/schema";

type Method = "get" | "post" | "put" | "delete";

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The contract's paths that have method M. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: NonNullable<paths[P][M]> extends never ? never : P;
}[keyof paths];

type JsonOf<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

type RequestBodyOf<O> = O extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** Every JSON answer the operation declares, success and error alike. */
type ResponseBodyOf<O> = O extends { responses: infer Responses }
  ? { [Status in keyof Responses]: JsonOf<Responses[Status]> }[keyof Responses]
  : never;

type PathParamsOf<O> = O extends { parameters: { path?: infer Params } }
  ? PathParams<keyof NonNullable<Params> & string>
  : PathParams<never>;

export type ApiResolver<P extends keyof paths, M extends Method> = HttpResponseResolver<
  PathParamsOf<Operation<P, M>>,
  RequestBodyOf<Operation<P, M>> & DefaultBodyType,
  ResponseBodyOf<Operation<P, M>> & DefaultBodyType
>;

/** `{params}` → `:params`, under the API prefix, on any origin (browser worker and msw/node alike). */
export function toMswPath(path: string): string {
  return `*/api${path.replace(/\{([^}]+)\}/g, ":$1")}`;
}

function method<M extends Method>(name: M) {
  return <P extends PathWith<M>>(path: P, resolver: ApiResolver<P, M>) =>
    http[name](toMswPath(path), resolver as HttpResponseResolver);
}

export const api = {
  get: method("get"),
  post: method("post"),
  put: method("put"),
  delete: method("delete"),
};
