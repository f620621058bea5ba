/** The voice channel: profiles, the ASR and TTS sides, and the channel the conversation loop uses. */
export type { Channel } from "./channel.js";
export { channelProfile, ChannelError, createChannel, isChannelName } from "./channel.js";
export type { AsrProfile, ChannelProfile, Difficulty } from "./profile.js";
export { CHANNEL_NAMES, CLEAN, presetProfile, TAU2_CONFIG_NAMES } from "./profile.js";
export { profileFromSpeechConfig, SpeechConfigSchema } from "./speech-config.js";
export type { ChannelEffect, ChannelEffectKind, Heard, ScenarioVoice } from "./types.js";
export { findCodeTokens, isCodeShaped, synthesizedCode } from "./codes.js";
export { findSpelledRuns, spellOut } from "./spelling.js";
