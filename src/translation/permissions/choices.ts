import type { PermissionMode, PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import type { PermissionOption } from "@agentclientprotocol/sdk/unstable";
import { describeUpdates } from "./effect-labels.js";
import { grantCoversPath, toolPath } from "./path-grant.js";

/** What choosing an option does. */
export type ChoiceEffect =
  | { readonly kind: "allow"; readonly updates: readonly PermissionUpdate[] }
  | { readonly kind: "exit-plan"; readonly mode: PermissionMode; readonly clearContext: boolean }
  | { readonly kind: "reject" };

export interface PermissionChoice {
  readonly option: PermissionOption;
  readonly effect: ChoiceEffect;
}

/** Everything the option builders read: the request, snapshotted. */
export interface PermissionRequestFacts {
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** Validated snapshot of the SDK suggestions. */
  readonly suggestions: readonly PermissionUpdate[];
  /** A configured `ask` rule matched: it must keep asking, so nothing durable. */
  readonly matchedAskRule: boolean;
  /** Modes the session offers now (for ExitPlanMode). */
  readonly availableModes: ReadonlySet<string>;
}

const ALLOW_ONCE: PermissionChoice = {
  option: { optionId: "allow-once", name: "Yes", kind: "allow_once" },
  effect: { kind: "allow", updates: [] },
};
const REJECT: PermissionChoice = {
  option: { optionId: "reject", name: "No", kind: "reject_once" },
  effect: { kind: "reject" },
};

function durable(
  name: string | undefined,
  updates: readonly PermissionUpdate[],
  id = "allow-with-updates",
): PermissionChoice[] {
  return name
    ? [{ option: { optionId: id, name, kind: "allow_always" }, effect: { kind: "allow", updates } }]
    : [];
}

/** A generated local rule for a whole tool (WebSearch, Agent, Task). */
function wholeToolRule(toolName: string, ruleContent?: string): PermissionUpdate[] {
  return [
    {
      type: "addRules",
      rules: [{ toolName, ...(ruleContent !== undefined ? { ruleContent } : {}) }],
      behavior: "allow",
      destination: "localSettings",
    },
  ];
}

const everySession = (updates: readonly PermissionUpdate[]) =>
  updates.every((u) => u.destination === "session");

function hostOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && parsed.hostname ? parsed.hostname : undefined;
  } catch {
    return undefined;
  }
}

/** The durable choices of one tool family (S000 "Choices per tool"). */
function durableChoices(facts: PermissionRequestFacts): PermissionChoice[] {
  const { toolName, input, suggestions } = facts;
  switch (toolName) {
    case "Bash":
    case "PowerShell":
      return durable(describeUpdates(suggestions), suggestions);
    case "Read":
    case "Glob":
    case "Grep":
    case "Edit":
    case "Write":
    case "NotebookEdit":
      // A filesystem grant only when the SDK bundle is session-scoped and covers the path.
      return everySession(suggestions) && grantCoversPath(suggestions, toolPath(toolName, input))
        ? durable(describeUpdates(suggestions), suggestions)
        : [];
    case "WebFetch": {
      const host = hostOf(input.url);
      const rule = host ? wholeToolRule("WebFetch", `domain:${host}`) : [];
      return durable(describeUpdates(rule), rule);
    }
    case "Skill": {
      const name = typeof input.skill === "string" && input.skill ? input.skill : undefined;
      if (!name) return [];
      const exact = wholeToolRule("Skill", name);
      const prefix = wholeToolRule("Skill", `${name}:*`);
      const parameterized = typeof input.args === "string" && input.args.trim() !== "";
      return [
        ...durable(describeUpdates(exact), exact, "allow-skill-exact"),
        ...(parameterized ? durable(describeUpdates(prefix), prefix, "allow-skill-prefix") : []),
      ];
    }
    case "SandboxNetworkAccess": {
      // Only the SDK's own rule for exactly this host: it is what the label can name.
      const host = typeof input.host === "string" ? input.host : undefined;
      const exact =
        host !== undefined &&
        suggestions.length === 1 &&
        suggestions[0]!.type === "addRules" &&
        suggestions[0]!.rules.length === 1 &&
        suggestions[0]!.rules[0]!.ruleContent === `domain:${host}`;
      return exact ? durable(describeUpdates(suggestions), suggestions) : [];
    }
    case "WebSearch":
    case "Agent":
    case "Task": {
      const rule = wholeToolRule(toolName);
      return durable(describeUpdates(rule), rule);
    }
    default:
      if (toolName.startsWith("mcp__")) {
        const exact =
          suggestions.length === 1 &&
          suggestions[0]!.type === "addRules" &&
          suggestions[0]!.rules.length === 1 &&
          suggestions[0]!.rules[0]!.toolName === toolName;
        return exact ? durable(describeUpdates(suggestions), suggestions) : [];
      }
      return [];
  }
}

const ELEVATED: ReadonlyArray<{ mode: PermissionMode; id: string; keep: string; clear: string }> = [
  {
    mode: "auto",
    id: "auto",
    keep: "Yes, and use auto mode",
    clear: "Yes, clear context and use auto mode",
  },
  {
    mode: "bypassPermissions",
    id: "bypass",
    keep: "Yes, and bypass permissions",
    clear: "Yes, clear context and bypass permissions",
  },
  {
    mode: "acceptEdits",
    id: "accept-edits",
    keep: "Yes, and auto-accept edits",
    clear: "Yes, clear context and auto-accept edits",
  },
];

/** ExitPlanMode: manual approval, one elevated keep-context mode, one clear-context variant, reject. */
function exitPlanChoices(facts: PermissionRequestFacts): PermissionChoice[] {
  const elevated = ELEVATED.find((e) => facts.availableModes.has(e.mode));
  const plan = typeof facts.input.plan === "string" ? facts.input.plan.trim() : "";
  const choices: PermissionChoice[] = [
    {
      option: {
        optionId: "exit-plan-default",
        name: "Yes, and manually approve edits",
        kind: "allow_once",
      },
      effect: { kind: "exit-plan", mode: "default", clearContext: false },
    },
  ];
  if (elevated) {
    choices.push({
      option: { optionId: `exit-plan-${elevated.id}`, name: elevated.keep, kind: "allow_always" },
      effect: { kind: "exit-plan", mode: elevated.mode, clearContext: false },
    });
    if (plan) {
      choices.push({
        option: {
          optionId: `exit-plan-clear-${elevated.id}`,
          name: elevated.clear,
          kind: "allow_always",
        },
        effect: { kind: "exit-plan", mode: elevated.mode, clearContext: true },
      });
    }
  }
  choices.push({
    option: { optionId: "reject", name: "No, keep planning", kind: "reject_once" },
    effect: { kind: "reject" },
  });
  return choices;
}

const KIND_ORDER: Record<string, number> = {
  allow_once: 0,
  allow_always: 1,
  reject_once: 2,
  reject_always: 2,
};

/** The ordered choices of a permission request: allow_once → allow_always → reject. */
export function permissionChoices(facts: PermissionRequestFacts): PermissionChoice[] {
  if (facts.toolName === "ExitPlanMode") return exitPlanChoices(facts);
  if (facts.toolName === "EnterPlanMode") {
    return [
      { ...ALLOW_ONCE, option: { ...ALLOW_ONCE.option, name: "Yes, enter plan mode" } },
      REJECT,
    ];
  }
  const choices = [ALLOW_ONCE, ...(facts.matchedAskRule ? [] : durableChoices(facts)), REJECT];
  return choices
    .map((choice, index) => ({ choice, index }))
    .sort(
      (a, b) =>
        KIND_ORDER[a.choice.option.kind]! - KIND_ORDER[b.choice.option.kind]! || a.index - b.index,
    )
    .map(({ choice }) => choice);
}

/**
 * The same choices with the reject kinds first, for a request a stray keystroke must not
 * approve (AIR's `defaultToNo`); each group keeps its order.
 */
export function declineFirst(choices: readonly PermissionChoice[]): PermissionChoice[] {
  const reject = (c: PermissionChoice) => c.option.kind.startsWith("reject");
  return [...choices.filter(reject), ...choices.filter((c) => !reject(c))];
}
