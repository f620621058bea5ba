/** Which keys the hash treats specially, as `get_dict_hash`'s normalization does. */

/** Lists under these keys are hashed in sorted order: their order carries no meaning. */
export const ORDER_INDEPENDENT_LIST_FIELDS: ReadonlySet<string> = new Set([
  "standby_list",
  "notifications",
  "bookings",
  "system_accounts",
  "group_memberships",
  "asset_recoveries",
]);

/** Top-level keys left out of the hash. */
export const HASH_EXCLUDED_KEYS: ReadonlySet<string> = new Set(["session"]);
