/** Module hooks (see register.ts): `@anthropic-ai/claude-agent-sdk` resolves to stub.js. */
type Resolved = { url: string; shortCircuit?: boolean };

export async function resolve(
  specifier: string,
  context: unknown,
  next: (specifier: string, context: unknown) => Promise<Resolved>,
): Promise<Resolved> {
  if (specifier === "@anthropic-ai/claude-agent-sdk")
    return { url: new URL("./stub.js", import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
