// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * Text without the C0 control characters other than tab, line feed and carriage return, and without DEL:
 * they show as nothing, yet JSON writes each as a six-character escape, so a body of a million of them
 * is 6 MB in every answer that carries it.
 */
export function removeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}
