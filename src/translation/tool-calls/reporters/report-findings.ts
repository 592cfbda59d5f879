import { record, str, type ToolReporter } from "../reporter.js";

/** ReportFindings: `think`, "Report findings", the findings as display text. */
export const reportFindingsReporter: ToolReporter = {
  describe(input) {
    const findings = Array.isArray(input.findings) ? input.findings : [];
    const lines = findings
      .map((f) => {
        const finding = record(f);
        const where = str(finding?.file);
        const summary = str(finding?.summary);
        return summary ? `- ${where ? `${where}: ` : ""}${summary}` : undefined;
      })
      .filter((line): line is string => line !== undefined);
    return {
      kind: "think",
      title: "Report findings",
      ...(lines.length ? { displayText: lines.join("\n") } : {}),
    };
  },
};
