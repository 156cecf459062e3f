// What a request and an answer of one operation are, read off the types generated from openapi.yaml.
// The browser client, the fake backend and the server all type their calls with these.

/** The JSON body of a request or an answer, as the contract declares it. */
export type JsonOf<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The JSON body an operation takes. */
export type RequestBodyOf<O> = O extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** The operation's parameters of one kind (`path`, `query`, `header`), or never when it has none. */
export type ParametersOf<O, In extends string> = O extends { parameters: infer All } ? (In extends keyof All ? NonNullable<All[In]> : never) : never;

/** The body of the operation's success answer (undefined for a 204). */
export type SuccessOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : S extends 204 ? undefined : never }[keyof R]
  : never;

/** Every JSON answer the operation declares, success and error alike. */
export type ResponseBodyOf<O> = O extends { responses: infer Responses } ? { [Status in keyof Responses]: JsonOf<Responses[Status]> }[keyof Responses] : never;
