/**
 * What the reference shows the LLM for each eva tool: its class name,
 * DESCRIPTION, `properties` and `required_properties`, read from the reference
 * tool classes (eva_airline_tools.py) under CPython 3.11, in definition order.
 */
export const REFERENCE_EVA_SCHEMAS: Record<string, { description: string; properties: object; required: string[] }> = {
  "GetReservationTool": {
    "description": "Retrieve flight reservation using confirmation number and passenger last name. This is typically the first tool called to authenticate the caller and load their flight numbers.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "6-character alphanumeric booking confirmation code."
      },
      "last_name": {
        "type": "string",
        "description": "Passenger last name for verification."
      }
    },
    "required": [
      "confirmation_number",
      "last_name"
    ]
  },
  "GetFlightStatusTool": {
    "description": "Get specific information about a flight (origin, destination, departure time) and current status (delays, cancellations, gate). For connecting flights, any segment's flight number works.",
    "properties": {
      "flight_number": {
        "type": "string",
        "description": "Flight number (e.g., SK123). For connecting flights, any segment works."
      },
      "flight_date": {
        "type": "string",
        "description": "Flight date in YYYY-MM-DD format."
      }
    },
    "required": [
      "flight_number",
      "flight_date"
    ]
  },
  "GetDisruptionInfoTool": {
    "description": "Get detailed information about flight disruption for IRROPS handling. Determines passenger rebooking entitlements based on disruption type and cause.",
    "properties": {
      "flight_number": {
        "type": "string",
        "description": "Flight number to look up disruption for (e.g., SK123)."
      },
      "date": {
        "type": "string",
        "description": "Flight date in YYYY-MM-DD format."
      }
    },
    "required": [
      "flight_number",
      "date"
    ]
  },
  "SearchRebookingOptionsTool": {
    "description": "Search for available flights to rebook a passenger. Returns options filtered by rebooking rules and seat availability.",
    "properties": {
      "origin": {
        "type": "string",
        "description": "Origin airport code (e.g., JFK)."
      },
      "destination": {
        "type": "string",
        "description": "Destination airport code (e.g., LAX)."
      },
      "date": {
        "type": "string",
        "description": "Travel date in YYYY-MM-DD format."
      },
      "passenger_count": {
        "type": "integer",
        "description": "Number of passengers needing seats."
      },
      "fare_class": {
        "type": "string",
        "description": "Fare class to search (basic_economy, main_cabin, premium_economy, business, first, any). 'any' picks the cheapest available class."
      }
    },
    "required": [
      "origin",
      "destination",
      "date",
      "passenger_count",
      "fare_class"
    ]
  },
  "RebookFlightTool": {
    "description": "Rebook passenger(s) to a new flight. Handles voluntary changes, IRROPS rebooking, and missed flight recovery. If new_fare_class is provided, the cabin changes; otherwise the original fare class is kept. If flight_number is provided, a partial rebook of that segment is performed (split-booking). Always explain change_fee, fare_difference, and total_collected to the caller before confirming.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID from get_reservation booking to be changed."
      },
      "new_journey_id": {
        "type": "string",
        "description": "Journey ID of the replacement flight from search_rebooking_options."
      },
      "rebooking_type": {
        "type": "string",
        "description": "Reason for rebooking. One of: voluntary, same_day, irrops_cancellation, irrops_delay, irrops_schedule_change, missed_flight_passenger_fault, missed_connection_airline_fault."
      },
      "waive_change_fee": {
        "type": "boolean",
        "description": "Whether to waive the change fee (only for voluntary changes with authorization)."
      },
      "new_fare_class": {
        "type": "string",
        "description": "Fare class to rebook into if changing cabin (basic_economy, main_cabin, premium_economy, business, first). Omit to keep original fare class."
      },
      "flight_number": {
        "type": "string",
        "description": "For multi-segment journeys, the specific flight number of the leg to replace (partial rebook). Omit for full journey rebook."
      }
    },
    "required": [
      "confirmation_number",
      "journey_id",
      "new_journey_id",
      "rebooking_type",
      "waive_change_fee"
    ]
  },
  "CancelReservationTool": {
    "description": "Cancel a specific journey within a booking. If all journeys end up cancelled, the reservation itself is marked cancelled. Returns refund and credit eligibility.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID of the booking to cancel, from get_reservation."
      },
      "cancellation_reason": {
        "type": "string",
        "description": "One of: voluntary, irrops_refund, 24_hour_rule, schedule_unacceptable, medical, bereavement."
      }
    },
    "required": [
      "confirmation_number",
      "journey_id",
      "cancellation_reason"
    ]
  },
  "ProcessRefundTool": {
    "description": "Process a refund for a cancelled or eligible reservation. Called after cancel_reservation when refund is due. Call once per refund type \u2014 fare and ancillary fees must be separate calls. Never combine both into a single call.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "refund_amount": {
        "type": "number",
        "description": "Amount to refund (use refund_amount_eligible from cancel_reservation)."
      },
      "refund_type": {
        "type": "string",
        "description": "One of: full_fare, partial_fare, taxes_only, ancillary_fees."
      }
    },
    "required": [
      "confirmation_number",
      "refund_amount",
      "refund_type"
    ]
  },
  "AssignSeatTool": {
    "description": "Assign a seat to a passenger based on preference (window, aisle, middle, no_preference). Always ask the passenger for their preference before calling \u2014 do not assume.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "passenger_id": {
        "type": "string",
        "description": "Passenger identifier (e.g., PAX001)."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID from get_reservation."
      },
      "seat_preference": {
        "type": "string",
        "description": "One of: window, aisle, middle, no_preference."
      },
      "flight_number": {
        "type": "string",
        "description": "For multi-segment journeys, the flight number to assign seat on. Omit for single-segment."
      }
    },
    "required": [
      "confirmation_number",
      "passenger_id",
      "journey_id",
      "seat_preference"
    ]
  },
  "AddBaggageAllowanceTool": {
    "description": "Add checked baggage allowance to a flight segment. Specify the exact number of bags (0-5).",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID from get_reservation."
      },
      "num_bags": {
        "type": "integer",
        "description": "Number of checked bags (0-5)."
      },
      "flight_number": {
        "type": "string",
        "description": "For multi-segment, specific flight to add baggage to. Omit to apply to all segments."
      }
    },
    "required": [
      "confirmation_number",
      "journey_id",
      "num_bags"
    ]
  },
  "AddMealRequestTool": {
    "description": "Add or update special meal request for a passenger on a flight segment.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "passenger_id": {
        "type": "string",
        "description": "Passenger identifier (e.g., PAX001)."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID from get_reservation."
      },
      "meal_type": {
        "type": "string",
        "description": "One of: vegetarian, vegan, kosher, halal, gluten_free, diabetic, low_sodium, child, hindu, standard, none."
      },
      "flight_number": {
        "type": "string",
        "description": "For multi-segment, specific flight to apply meal to. Omit to apply to all segments."
      }
    },
    "required": [
      "confirmation_number",
      "passenger_id",
      "journey_id",
      "meal_type"
    ]
  },
  "AddToStandbyTool": {
    "description": "Add passenger(s) to the standby list for a flight.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "journey_id": {
        "type": "string",
        "description": "Journey ID to add passenger to standby for."
      },
      "passenger_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "Passenger IDs to add to standby (e.g. ['PAX002', 'PAX003'])."
      }
    },
    "required": [
      "confirmation_number",
      "journey_id",
      "passenger_ids"
    ]
  },
  "IssueTravelCreditTool": {
    "description": "Issue a travel credit or future flight voucher. Used for non-refundable cancellations, fare-difference negatives, downgrades, or service recovery.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "passenger_id": {
        "type": "string",
        "description": "Passenger identifier (e.g., PAX001)."
      },
      "amount": {
        "type": "number",
        "description": "Credit amount in USD."
      },
      "credit_reason": {
        "type": "string",
        "description": "One of: cancellation_non_refundable, fare_difference_negative, service_recovery, goodwill, downgrade_compensation."
      }
    },
    "required": [
      "confirmation_number",
      "passenger_id",
      "amount",
      "credit_reason"
    ]
  },
  "IssueHotelVoucherTool": {
    "description": "Issue a hotel voucher. Use for overnight IRROPS situations after rebooking is confirmed (not before). Maximum 3 nights.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "passenger_id": {
        "type": "string",
        "description": "Passenger identifier (e.g., PAX001)."
      },
      "num_nights": {
        "type": "integer",
        "description": "Number of nights (1-3)."
      }
    },
    "required": [
      "confirmation_number",
      "passenger_id",
      "num_nights"
    ]
  },
  "IssueMealVoucherTool": {
    "description": "Issue a meal voucher. Amount is computed from voucher_reason: delay_over_2_hours=$12, delay_over_4_hours=$15, cancellation_wait_same_day=$15, irrops_overnight=$25.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code."
      },
      "passenger_id": {
        "type": "string",
        "description": "Passenger identifier (e.g., PAX001)."
      },
      "voucher_reason": {
        "type": "string",
        "description": "One of: delay_over_2_hours, delay_over_4_hours, cancellation_wait_same_day, irrops_overnight."
      }
    },
    "required": [
      "confirmation_number",
      "passenger_id",
      "voucher_reason"
    ]
  },
  "TransferToAgentTool": {
    "description": "Transfer the call to a live human agent. Use when the caller explicitly requests an agent, when a policy exception is needed, when stuck after two attempts, or for technical issues.",
    "properties": {
      "confirmation_number": {
        "type": "string",
        "description": "Booking confirmation code for context transfer."
      },
      "transfer_reason": {
        "type": "string",
        "description": "Reason for transfer (passenger_requested, policy_exception_needed, complex_itinerary, complaint_escalation, technical_issue, unable_to_resolve)."
      },
      "issue_summary": {
        "type": "string",
        "description": "Brief summary of the issue and what has been attempted."
      }
    },
    "required": [
      "confirmation_number",
      "transfer_reason",
      "issue_summary"
    ]
  }
};
