import { num, record, str, textContent, type ToolReporter } from "../reporter.js";

/** Quotes a shell word when it needs it. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** The grep command line equivalent to a Grep call: the title Zed shows as the label. */
export function grepCommandLine(input: Readonly<Record<string, unknown>>): string {
  const args = ["grep", "-r"];
  if (input["-i"] === true) args.push("-i");
  if (input["-n"] === true) args.push("-n");
  if (input["-o"] === true) args.push("-o");
  if (input.multiline === true) args.push("-Pz");
  if (input.output_mode === "files_with_matches") args.push("-l");
  if (input.output_mode === "count") args.push("-c");
  for (const flag of ["-A", "-B", "-C"] as const) {
    const value = num(input[flag]);
    if (value !== undefined) args.push(flag, String(value));
  }
  const context = num(input.context);
  if (context !== undefined && num(input["-C"]) === undefined) args.push("-C", String(context));
  const glob = str(input.glob);
  if (glob) args.push(`--include=${glob}`);
  const type = str(input.type);
  if (type) args.push(`--type=${type}`);
  const pattern = str(input.pattern);
  if (pattern !== undefined) args.push(pattern);
  const path = str(input.path);
  if (path) args.push(path);
  return args.map(shellWord).join(" ");
}

/** Grep: `search`, titled as the equivalent grep command line; hits as content. */
export const grepReporter: ToolReporter = {
  requires: ["pattern"],
  describe: (input) => ({ kind: "search", title: grepCommandLine(input) }),
  result(result) {
    const structured = record(result.structured);
    const text =
      str(structured?.content) ??
      (Array.isArray(structured?.filenames)
        ? (structured.filenames as unknown[]).filter((f) => typeof f === "string").join("\n")
        : undefined) ??
      result.text;
    return text ? { content: [textContent(text)] } : {};
  },
};

/** Glob: `search`, titled with the pattern (and the folder); the matches as content. */
export const globReporter: ToolReporter = {
  requires: ["pattern"],
  describe(input) {
    const pattern = str(input.pattern);
    const path = str(input.path);
    return {
      kind: "search",
      title: pattern ? `Find ${pattern}${path ? ` in ${path}` : ""}` : "Find",
      ...(path ? { locations: [{ path }] } : {}),
    };
  },
  result(result) {
    const names = record(result.structured)?.filenames;
    const text = Array.isArray(names)
      ? names.filter((f): f is string => typeof f === "string").join("\n")
      : result.text;
    return text ? { content: [textContent(text)] } : {};
  },
};
