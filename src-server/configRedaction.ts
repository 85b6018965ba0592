/** Variables whose whole value is a secret, by their name. */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD/i;
// scheme://user:password@host: everything between "//" and the last "@" of the word is user-info.
const URL_USER_INFO = /([a-z][a-z0-9+.-]*:\/\/)\S*@/gi;

/**
 * How a bad configuration value may be quoted in an error: secrets named as such are not shown at all, and
 * a URL keeps its scheme and host but loses its user name and password.
 */
export function redactEnvValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return 'a hidden value';
  return JSON.stringify(value.replace(URL_USER_INFO, '$1***@'));
}
