/**
 * The `airline_db` fixture of tau2-bench's tests/test_domains/test_airline/test_tools_airline.py
 * (tag voice-user-sim-v1.0, commit 17e07b1da2bb) as the JSON its FlightDB model holds
 * (`model_dump()`: the reservation's unset `status` is None).
 */
import type { JsonObject } from "../../../src/json/types.js";

const seats = { basic_economy: 16, economy: 10, business: 13 };
const prices = { basic_economy: 87, economy: 122, business: 471 };

export function airlineTestDb(): JsonObject {
  return {
    flights: {
      HAT001: {
        flight_number: "HAT001",
        origin: "PHL",
        destination: "LGA",
        scheduled_departure_time_est: "06:00:00",
        scheduled_arrival_time_est: "07:00:00",
        dates: {
          "2024-05-14": { status: "cancelled" },
          "2024-05-15": { status: "landed", actual_departure_time_est: "2024-05-15T06:04:00", actual_arrival_time_est: "2024-05-15T07:30:00" },
          "2024-05-16": { status: "available", available_seats: { ...seats }, prices: { ...prices } },
        },
      },
      HAT002: {
        flight_number: "HAT002",
        origin: "LGA",
        destination: "LAX",
        scheduled_departure_time_est: "08:00:00",
        scheduled_arrival_time_est: "09:00:00",
        dates: { "2024-05-16": { status: "available", available_seats: { ...seats }, prices: { ...prices } } },
      },
    },
    users: {
      mia_li_3668: {
        user_id: "mia_li_3668",
        name: { first_name: "Mia", last_name: "Li" },
        address: { address1: "975 Sunset Drive", address2: "Suite 217", city: "Austin", country: "USA", state: "TX", zip: "78750" },
        email: "mia.li3818@example.com",
        dob: "1990-04-05",
        payment_methods: {
          credit_card_4421486: { source: "credit_card", id: "credit_card_4421486", brand: "visa", last_four: "7447" },
          certificate_4856383: { source: "certificate", id: "certificate_4856383", amount: 100 },
        },
        saved_passengers: [{ first_name: "Amelia", last_name: "Ahmed", dob: "1957-03-21" }],
        membership: "gold",
        reservations: ["NO6JO3", "AIXC49", "HKEG34"],
      },
    },
    reservations: {
      "4WQ150": {
        reservation_id: "4WQ150",
        user_id: "mia_li_3668",
        origin: "PHL",
        destination: "LGA",
        flight_type: "one_way",
        cabin: "economy",
        flights: [{ origin: "PHL", destination: "LGA", flight_number: "HAT001", date: "2024-05-16", price: 122 }],
        passengers: [
          { first_name: "Chen", last_name: "Jackson", dob: "1956-07-07" },
          { first_name: "Raj", last_name: "Smith", dob: "1967-04-01" },
        ],
        payment_history: [{ payment_id: "credit_card_4421486", amount: 500 }],
        created_at: "2024-05-02T03:10:19",
        total_baggages: 5,
        nonfree_baggages: 0,
        insurance: "no",
        status: null,
      },
    },
  };
}
