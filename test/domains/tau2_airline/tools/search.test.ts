/** SearchDirectFlightTool, SearchOnestopFlightTool answer as the reference does: the reference cases of these tools (see replay-reference.ts). */
import { describe, it } from "vitest";
import { casesNamed, replayReferenceCase } from "../replay-reference.js";

describe("search: reference cases", () => {
  it.each(casesNamed(
    "direct search compares airports verbatim",
    "one-stop search continues next day after a +1 arrival",
    "one-stop search: the next day of the 1st is spelled 2024-05-2",
  ))("%s", (_name, c) => replayReferenceCase(c));
});
