/** A setting that is missing or malformed: the process stops with this message. */
export class ConfigError extends Error {}
