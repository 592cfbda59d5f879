/** How the host started the adapter (the bin's flags, or a host that embeds it). */
export interface AgentOptions {
  /**
   * `--hide-claude-auth`: offer no Claude subscription login (a host that bills through
   * an API key, a Console login or a cloud provider).
   */
  readonly hideClaudeAuth?: boolean;
}
