/**
 * Argument fields shared by several retail tools. Descriptions are the ones
 * the reference shows the LLM (its `properties`), which for write tools are
 * shorter than the docstrings of its parameter models.
 */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";

export const orderIdArg = () => pyStr().describe("The order id, such as '#W0000000'.");

export const userIdArg = () => pyStr().describe("The user id, such as 'sara_doe_496'.");

export const paymentMethodIdArg = () =>
  pyStr().describe("The payment method id, such as 'gift_card_0000000' or 'credit_card_0000000'.");

export const itemIdListArg = (description: string) => z.array(pyStr()).describe(description);

/** The six address fields, in the reference's order. */
export const addressArgs = () => ({
  address1: pyStr().describe("The first line of the address, such as '123 Main St'."),
  address2: pyStr().describe("The second line of the address, such as 'Apt 1' or ''."),
  city: pyStr().describe("The city, such as 'San Francisco'."),
  state: pyStr().describe("The state, such as 'CA'."),
  country: pyStr().describe("The country, such as 'USA'."),
  zip: pyStr().describe("The zip code, such as '12345'."),
});

export interface AddressArgs {
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

/** The stored address object, keys in the reference's order. */
export function addressOf(a: AddressArgs) {
  return { address1: a.address1, address2: a.address2, city: a.city, state: a.state, country: a.country, zip: a.zip };
}
