import { describe, expect, it } from "vitest";
import { speakFacts } from "../../../src/engine/bots/spoken-facts.js";
import { knownInfoProse } from "../../../src/domains/eva_airline/known-info.js";

describe("how the scripted caller says what it knows", () => {
  it("speaks in the first person, names said then spelled, ids spelled one character at a time", () => {
    expect(speakFacts("You are Emma Kim.\nYour user id is emma_kim_9957.")).toBe(
      "I am Emma Kim, spelled E, M, M, A, and K, I, M. My user id is E, M, M, A, underscore, K, I, M, underscore, nine, nine, five, seven.",
    );
    expect(speakFacts("You want to cancel reservation EHGLP3.")).toBe("I want to cancel reservation E, H, G, L, P, three.");
  });

  it("leaves plain numbers, dates and phone numbers as they are", () => {
    expect(speakFacts("You are John Smith with phone number 555-123-2002. You are currently abroad in France.")).toBe(
      "I am John Smith, spelled J, O, H, N, and S, M, I, T, H, with phone number 555-123-2002. I am currently abroad in France.",
    );
  });

  it("turns eva's information_required into sentences, without the raw segment records", () => {
    const prose = knownInfoProse({ confirmation_number: "IM2XU4", last_name: "Okonkwo", seat_preference: { first_choice: "aisle", second_choice: "window" }, original_travel_details: [{ origin: "ORD" }] });
    expect(prose).toBe("My confirmation number is IM2XU4. My last name is Okonkwo. My seat preference is aisle, then window.");
    expect(speakFacts(prose)).toBe("My confirmation number is I, M, two, X, U, four. My last name is Okonkwo, spelled O, K, O, N, K, W, O. My seat preference is aisle, then window.");
  });
});
