/**
 * The methods a client extension serves itself (`_lody/...`, AIR's `_session/...`,
 * `_session/steering`): each extension lists its own in `extensions/<name>/methods.ts`
 * (name, params schema, handler), `extensions/compose.ts` gathers them once per connection
 * from what the agent lends them (`MethodHost`), and the protocol table mounts each one
 * (`protocol/agent-app.ts`) without naming any. Every method is mounted for every client,
 * whatever it negotiated: a handler answers a client that did not negotiate its extension
 * itself (method-not-found, `notOffered`), as each one always has.
 */

/**
 * What the agent lends an extension's methods: declared by module augmentation beside the
 * agent that provides it (`agent/extension-host.ts`), so this layer names no type of the
 * layers above it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface MethodHost {}

/** Parses a request's raw params (a zod schema); a failure answers -32602, nothing runs. */
export interface ParamsSchema<P> {
  parse(params: unknown): P;
}

/** One method an extension serves: its wire name, its params' schema, its handler. */
export interface ExtensionMethod {
  readonly method: string;
  readonly params: ParamsSchema<unknown>;
  /** The answer (or a promise of it); an `AdapterError` thrown leaves as its JSON-RPC error. */
  readonly handle: (params: unknown) => unknown;
}

/** An `ExtensionMethod` whose handler takes the params its schema parsed. */
export function extensionMethod<P>(
  method: string,
  params: ParamsSchema<P>,
  handle: (params: P) => unknown,
): ExtensionMethod {
  return { method, params, handle: (parsed) => handle(parsed as P) };
}
