import { displayPath } from "../display-path.js";
import { fenced, num, record, str, textContent, type ToolReporter } from "../reporter.js";

/**
 * Read: `read`, "Read <path>" with the line range, a location with the first line read
 * (line 1 without an offset, as upstream), the file text as content.
 */
export const readReporter: ToolReporter = {
  requires: ["file_path"],
  describe(input, _toolName, cwd) {
    const path = str(input.file_path);
    const offset = num(input.offset);
    const limit = num(input.limit);
    const range =
      offset !== undefined && limit !== undefined
        ? ` (${offset} - ${offset + limit - 1})`
        : offset !== undefined
          ? ` (from line ${offset})`
          : limit !== undefined
            ? ` (1 - ${limit})`
            : "";
    return {
      kind: "read",
      title: path ? `Read ${displayPath(path, cwd)}${range}` : "Read",
      ...(path ? { locations: [{ path, line: offset ?? 1 }] } : {}),
    };
  },
  result(result) {
    if (result.isError) return result.text ? { content: [textContent(result.text)] } : {};
    const file = record(record(result.structured)?.file);
    const text = str(file?.content) ?? result.text;
    return text ? { content: [textContent(fenced(text))] } : {};
  },
};
