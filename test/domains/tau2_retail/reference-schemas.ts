/**
 * What the reference shows the LLM for each retail tool: its class name,
 * DESCRIPTION, `properties` and `required_properties`, read from the reference
 * tool classes (tau2_retail_tools.py) under CPython 3.11.
 */
export const REFERENCE_RETAIL_SCHEMAS: Record<string, { description: string; properties: object; required: string[] }> = {
  "FindUserIdByNameZipTool": {
    "description": "Find user id by first name, last name, and zip code. If the user is not found, the function will return an error message. By default, find user id by email, and only call this function if the user is not found by email or cannot remember email.",
    "properties": {
      "first_name": {
        "type": "string",
        "description": "The first name of the customer, such as 'John'."
      },
      "last_name": {
        "type": "string",
        "description": "The last name of the customer, such as 'Doe'."
      },
      "zip": {
        "type": "string",
        "description": "The zip code of the customer, such as '12345'."
      }
    },
    "required": [
      "first_name",
      "last_name",
      "zip"
    ]
  },
  "FindUserIdByEmailTool": {
    "description": "Find user id by email. If the user is not found, the function will return an error message.",
    "properties": {
      "email": {
        "type": "string",
        "description": "The email of the user, such as 'something@example.com'."
      }
    },
    "required": [
      "email"
    ]
  },
  "GetOrderDetailsTool": {
    "description": "Get the status and details of an order.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."
      }
    },
    "required": [
      "order_id"
    ]
  },
  "GetProductDetailsTool": {
    "description": "Get the inventory details of a product.",
    "properties": {
      "product_id": {
        "type": "string",
        "description": "The product id, such as '6086499569'. Be careful the product id is different from the item id."
      }
    },
    "required": [
      "product_id"
    ]
  },
  "GetItemDetailsTool": {
    "description": "Get the inventory details of an item.",
    "properties": {
      "item_id": {
        "type": "string",
        "description": "The item id, such as '6086499569'. Be careful the item id is different from the product id."
      }
    },
    "required": [
      "item_id"
    ]
  },
  "GetUserDetailsTool": {
    "description": "Get the details of a user, including their orders.",
    "properties": {
      "user_id": {
        "type": "string",
        "description": "The user id, such as 'sara_doe_496'."
      }
    },
    "required": [
      "user_id"
    ]
  },
  "ListAllProductTypesTool": {
    "description": "List the name and product id of all product types. Each product type has a variety of different items with unique item ids and options. There are only 50 product types in the store.",
    "properties": {},
    "required": []
  },
  "CancelPendingOrderTool": {
    "description": "Cancel a pending order. If the order is already processed or delivered, it cannot be cancelled. The agent needs to explain the cancellation detail and ask for explicit user confirmation (yes/no) to proceed. If the user confirms, the order status will be changed to 'cancelled' and the payment will be refunded. The refund will be added to the user's gift card balance immediately if the payment was made using a gift card, otherwise the refund would take 5-7 business days to process.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "reason": {
        "type": "string",
        "enum": [
          "no longer needed",
          "ordered by mistake"
        ],
        "description": "The reason for cancellation."
      }
    },
    "required": [
      "order_id",
      "reason"
    ]
  },
  "ExchangeDeliveredOrderItemsTool": {
    "description": "Exchange items in a delivered order to new items of the same product type. For a delivered order, return or exchange can be only done once by the agent. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "item_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The item ids to be exchanged. There could be duplicate items in the list."
      },
      "new_item_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The item ids to be exchanged for. Each new item id should match the item id in the same position and be of the same product."
      },
      "payment_method_id": {
        "type": "string",
        "description": "The payment method id, such as 'gift_card_0000000' or 'credit_card_0000000'."
      }
    },
    "required": [
      "order_id",
      "item_ids",
      "new_item_ids",
      "payment_method_id"
    ]
  },
  "ModifyPendingOrderAddressTool": {
    "description": "Modify the shipping address of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "address1": {
        "type": "string",
        "description": "The first line of the address, such as '123 Main St'."
      },
      "address2": {
        "type": "string",
        "description": "The second line of the address, such as 'Apt 1' or ''."
      },
      "city": {
        "type": "string",
        "description": "The city, such as 'San Francisco'."
      },
      "state": {
        "type": "string",
        "description": "The state, such as 'CA'."
      },
      "country": {
        "type": "string",
        "description": "The country, such as 'USA'."
      },
      "zip": {
        "type": "string",
        "description": "The zip code, such as '12345'."
      }
    },
    "required": [
      "order_id",
      "address1",
      "address2",
      "city",
      "state",
      "country",
      "zip"
    ]
  },
  "ModifyPendingOrderItemsTool": {
    "description": "Modify items in a pending order to new items of the same product type. For a pending order, this function can only be called once. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "item_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The item ids to be modified. There could be duplicate items in the list."
      },
      "new_item_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The item ids to be modified for. Each new item id should match the item id in the same position and be of the same product."
      },
      "payment_method_id": {
        "type": "string",
        "description": "The payment method id, such as 'gift_card_0000000' or 'credit_card_0000000'."
      }
    },
    "required": [
      "order_id",
      "item_ids",
      "new_item_ids",
      "payment_method_id"
    ]
  },
  "ModifyPendingOrderPaymentTool": {
    "description": "Modify the payment method of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "payment_method_id": {
        "type": "string",
        "description": "The payment method id, such as 'gift_card_0000000' or 'credit_card_0000000'."
      }
    },
    "required": [
      "order_id",
      "payment_method_id"
    ]
  },
  "ModifyUserAddressTool": {
    "description": "Modify the default address of a user. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.",
    "properties": {
      "user_id": {
        "type": "string",
        "description": "The user id, such as 'sara_doe_496'."
      },
      "address1": {
        "type": "string",
        "description": "The first line of the address, such as '123 Main St'."
      },
      "address2": {
        "type": "string",
        "description": "The second line of the address, such as 'Apt 1' or ''."
      },
      "city": {
        "type": "string",
        "description": "The city, such as 'San Francisco'."
      },
      "state": {
        "type": "string",
        "description": "The state, such as 'CA'."
      },
      "country": {
        "type": "string",
        "description": "The country, such as 'USA'."
      },
      "zip": {
        "type": "string",
        "description": "The zip code, such as '12345'."
      }
    },
    "required": [
      "user_id",
      "address1",
      "address2",
      "city",
      "state",
      "country",
      "zip"
    ]
  },
  "ReturnDeliveredOrderItemsTool": {
    "description": "Return some items of a delivered order. The order status will be changed to 'return requested'. The agent needs to explain the return detail and ask for explicit user confirmation (yes/no) to proceed. The user will receive follow-up email for how and where to return the item.",
    "properties": {
      "order_id": {
        "type": "string",
        "description": "The order id, such as '#W0000000'."
      },
      "item_ids": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "The item ids to be returned. There could be duplicate items in the list."
      },
      "payment_method_id": {
        "type": "string",
        "description": "The payment method id, such as 'gift_card_0000000' or 'credit_card_0000000'."
      }
    },
    "required": [
      "order_id",
      "item_ids",
      "payment_method_id"
    ]
  },
  "CalculateTool": {
    "description": "Calculate the result of a mathematical expression. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces.",
    "properties": {
      "expression": {
        "type": "string",
        "description": "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces."
      }
    },
    "required": [
      "expression"
    ]
  },
  "TransferToHumanAgentsTool": {
    "description": "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or given the policy and the available tools, you cannot solve the user's issue.",
    "properties": {
      "summary": {
        "type": "string",
        "description": "A summary of the user's issue."
      }
    },
    "required": [
      "summary"
    ]
  }
};
