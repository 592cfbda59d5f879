import { record, str, textContent, type ToolReporter } from "../reporter.js";

/** WebFetch: `fetch`, "Fetch <url>", the prompt as display text, the answer as content. */
export const webFetchReporter: ToolReporter = {
  requires: ["url"],
  describe(input) {
    const url = str(input.url);
    const prompt = str(input.prompt);
    return {
      kind: "fetch",
      title: url ? `Fetch ${url}` : "Fetch",
      ...(prompt ? { displayText: prompt } : {}),
    };
  },
  result(result) {
    const answer = str(record(result.structured)?.result) ?? result.text;
    return answer ? { content: [textContent(answer)] } : {};
  },
};

/** WebSearch: `fetch`, `Search "<query>"`, the hits as content. */
export const webSearchReporter: ToolReporter = {
  requires: ["query"],
  describe(input) {
    const query = str(input.query);
    return { kind: "fetch", title: query !== undefined ? `Search "${query}"` : "Search" };
  },
};
