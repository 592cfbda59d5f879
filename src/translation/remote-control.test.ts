import { describe, expect, it } from "vitest";
import {
  parseRemoteControlCommand,
  REMOTE_CONTROL_OFF,
  remoteControlFailed,
  remoteControlOn,
} from "./remote-control.js";

describe("parseRemoteControlCommand", () => {
  it.each([
    ["/remote-control", { action: "connect" }],
    ["  /remote-control  ", { action: "connect" }],
    ["/remote-control my laptop", { action: "connect", name: "my laptop" }],
    ["/remote-control\n  design review \n", { action: "connect", name: "design review" }],
    ["/remote-control off", { action: "disconnect" }],
    ["/remote-control OFF ", { action: "disconnect" }],
    ["/remote-control offline", { action: "connect", name: "offline" }],
  ])("%j → %j", (text, command) => {
    expect(parseRemoteControlCommand(text)).toStrictEqual(command);
  });

  it.each(["/remote-controls", "remote-control", "/mcp", "please /remote-control", ""])(
    "%j is not the command",
    (text) => {
      expect(parseRemoteControlCommand(text)).toBeUndefined();
    },
  );
});

describe("the answers", () => {
  it("names the session's address, or says Claude Code gave none", () => {
    expect(remoteControlOn("https://claude.ai/code/s1")).toBe(
      "Remote Control is active. Continue this session from claude.ai/code or the Claude mobile app:\n\nhttps://claude.ai/code/s1\n\nRun /remote-control off to disconnect.",
    );
    expect(remoteControlOn(undefined)).toBe(
      "Remote Control is active, but Claude Code did not return a session URL.",
    );
    expect(REMOTE_CONTROL_OFF).toBe("Remote Control is off. Run /remote-control to reconnect.");
  });

  it("says what failed, with Claude Code's reason", () => {
    expect(remoteControlFailed("connect", " offline ")).toBe(
      "Could not start Remote Control: offline",
    );
    expect(remoteControlFailed("disconnect", "")).toBe(
      "Could not stop Remote Control: no reason given.",
    );
  });
});
