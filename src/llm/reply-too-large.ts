/** A reply larger than the config's `max_reply_bytes`: never retried, never read whole. */
export class ReplyTooLarge extends Error {}
