import { str, type ToolReporter } from "../reporter.js";

/** Skill: `other`, "Load skill: <name>". */
export const skillReporter: ToolReporter = {
  describe(input) {
    const name = str(input.skill) ?? str(input.command) ?? str(input.name);
    return { kind: "other", title: name ? `Load skill: ${name}` : "Load skill" };
  },
};
