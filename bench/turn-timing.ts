/** What both sides report for one prompt turn. Times in ms from sending the prompt. */
export interface TurnTiming {
  /** When the prompt was sent (bench clock, performance.now()). */
  readonly startedAt: number;
  /** Until the turn ended (ACP prompt response / SDK `result`), as seen by the bench. */
  readonly doneMs: number;
  /** Until the last text chunk of the turn arrived at the bench process. */
  readonly lastChunkMs: number;
  /** Text chunks received (agent_message_chunk / text_delta stream events). */
  readonly chunks: number;
  /** Characters of streamed text received. */
  readonly chars: number;
  /** ACP stop reason / SDK result subtype. */
  readonly stop: string;
}
