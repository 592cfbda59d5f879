import {
  extensionMethod,
  type ExtensionMethod,
  type MethodHost,
} from "../../profile/extension-methods.js";
import { STEERING_METHOD } from "./keys.js";
import { steeringParams, toSteerRequest } from "./params.js";

/** `_session/steering` (features.md 1p), every client's. */
export function steeringMethods(host: MethodHost): ExtensionMethod[] {
  return [
    extensionMethod(STEERING_METHOD, steeringParams, (params) =>
      host.controls.steer(toSteerRequest(params)),
    ),
  ];
}
