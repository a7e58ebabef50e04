// The error every invalid setting raises, naming its variable. Its own module so that provider
// settings parsers (src/providers/*/settings.ts), which src/config.ts embeds, need not import config.
export class ConfigError extends Error {}
