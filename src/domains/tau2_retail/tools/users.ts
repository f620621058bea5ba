/** Finding a customer and reading their profile. */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import { isJsonObject } from "../../../json/types.js";
import { pyEntries } from "../../../json/py-key-order.js";
import { child, findUser, notFound, text } from "./lookup.js";
import { userIdArg } from "./fields.js";

const userNotFound = () => notFound("User not found");

export const findUserIdByNameZipTool = defineTool({
  name: "FindUserIdByNameZipTool",
  actionName: "find_user_id_by_name_zip",
  description:
    "Find user id by first name, last name, and zip code. If the user is not found, the function will return an " +
    "error message. By default, find user id by email, and only call this function if the user is not found by " +
    "email or cannot remember email.",
  args: z.object({
    first_name: pyStr().describe("The first name of the customer, such as 'John'."),
    last_name: pyStr().describe("The last name of the customer, such as 'Doe'."),
    zip: pyStr().describe("The zip code of the customer, such as '12345'."),
  }),
  kind: "read",
  run(db, args) {
    const first = args.first_name.toLowerCase();
    const last = args.last_name.toLowerCase();
    for (const [userId, user] of pyEntries(child(db, "users") ?? {})) {
      if (!isJsonObject(user)) continue;
      const name = child(user, "name");
      if (
        text(name, "first_name").toLowerCase() === first &&
        text(name, "last_name").toLowerCase() === last &&
        text(child(user, "address"), "zip") === args.zip
      ) {
        return { status: "success", user_id: userId };
      }
    }
    return userNotFound();
  },
});

export const findUserIdByEmailTool = defineTool({
  name: "FindUserIdByEmailTool",
  actionName: "find_user_id_by_email",
  description: "Find user id by email. If the user is not found, the function will return an error message.",
  args: z.object({
    email: pyStr().describe("The email of the user, such as 'something@example.com'."),
  }),
  kind: "read",
  run(db, args) {
    const email = args.email.toLowerCase();
    for (const [userId, user] of pyEntries(child(db, "users") ?? {})) {
      if (isJsonObject(user) && text(user, "email").toLowerCase() === email) {
        return { status: "success", user_id: userId };
      }
    }
    return userNotFound();
  },
});

export const getUserDetailsTool = defineTool({
  name: "GetUserDetailsTool",
  actionName: "get_user_details",
  description: "Get the details of a user, including their orders.",
  args: z.object({ user_id: userIdArg() }),
  kind: "read",
  run(db, args) {
    return findUser(db, args.user_id) ?? notFound(`User ${args.user_id} not found`);
  },
});
