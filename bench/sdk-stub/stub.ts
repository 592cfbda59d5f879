/** The names the adapter's bin imports from the Claude Agent SDK, each failing if called. */
function absent(): never {
  throw new Error("the Claude Agent SDK is stubbed out (bench/sdk-stub)");
}

export const deleteSession = absent;
export const filterEscalatingDefaultMode = absent;
export const forkSession = absent;
export const getSessionInfo = absent;
export const query = absent;
export const renameSession = absent;
export const resolveSettings = absent;
