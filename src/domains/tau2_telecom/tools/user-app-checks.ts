/** Read-only phone inspections of apps, MMS and the agent's payment request. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { getOr, truthy } from "../../../python/semantics.js";
import { pyFloatFieldStr, pyStr } from "../../../python/text.js";
import type { AppStatus, PaymentRequest } from "./user-phone.js";
import { deviceOf, phoneCanSendMms, surroundingsOf } from "./user-phone.js";

const noArgs = z.object({});

function findApp(db: JsonObject, appName: string): AppStatus | null {
  return getOr(deviceOf(db).app_statuses, appName, null) as AppStatus | null;
}

/** Granted permission names, as shown to the user (`_` becomes a space). */
function grantedPermissions(app: AppStatus): string[] {
  return Object.entries(app.permissions)
    .filter(([, granted]) => truthy(granted))
    .map(([permission]) => permission.replaceAll("_", " ").toLowerCase());
}

export const checkInstalledAppsTool = defineTool({
  name: "check_installed_apps",
  description: "Returns the name of all installed apps on the phone.",
  args: noArgs,
  kind: "read",
  run: (db) => `The following apps are installed on the phone: ${Object.keys(deviceOf(db).app_statuses).join(", ")}`,
});

export const checkAppStatusTool = defineTool({
  name: "check_app_status",
  description: "Checks detailed information about a specific app. Shows its permissions and background data usage settings.",
  args: z.object({ app_name: z.string().describe("The name of the app to inspect (e.g., 'messaging').") }),
  kind: "read",
  run(db, { app_name }) {
    const app = findApp(db, app_name);
    if (app === null) return `App '${app_name}' not found on this phone.`;
    const lines = [`Status for App: ${app_name}`];
    const allowed = grantedPermissions(app);
    if (allowed.length === 0) {
      lines.push(" - Permissions: None granted.");
    } else {
      lines.push(" - Permissions Granted:");
      for (const permission of allowed) lines.push(`   - ${permission}`);
    }
    return lines.join("\n");
  },
});

export const checkAppPermissionsTool = defineTool({
  name: "check_app_permissions",
  description:
    "Checks what permissions a specific app currently has. Shows if the app has access to features like storage, camera, location, etc.",
  args: z.object({ app_name: z.string().describe("The name of the app to inspect.") }),
  kind: "read",
  run(db, { app_name }) {
    const app = findApp(db, app_name);
    if (app === null) return `App '${app_name}' not found on this phone.`;
    const allowed = grantedPermissions(app);
    if (allowed.length === 0) return `App '${app_name}' currently has no permissions granted.`;
    return `App '${app_name}' has permission for: ${allowed.join(", ")}.`;
  },
});

export const canSendMmsTool = defineTool({
  name: "can_send_mms",
  description: "Checks if the default messaging app can send MMS messages.",
  args: noArgs,
  kind: "read",
  run: (db) => (phoneCanSendMms(db) ? "Your messaging app can send MMS messages." : "Your messaging app cannot send MMS messages."),
});

export const checkPaymentRequestTool = defineTool({
  name: "check_payment_request",
  description: "Checks if the agent has sent you a payment request.",
  args: noArgs,
  kind: "read",
  run(db) {
    const request = getOr(surroundingsOf(db), "payment_request", null) as PaymentRequest | null;
    if (request === null) return "No payment request has been made.";
    return `You have a payment request for bill ${pyStr(request.bill_id)} of ${pyFloatFieldStr(request.amount_due)} USD.`;
  },
});

export const userAppCheckTools = [checkInstalledAppsTool, checkAppStatusTool, checkAppPermissionsTool, canSendMmsTool, checkPaymentRequestTool];
