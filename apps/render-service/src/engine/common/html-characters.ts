/**
 * `& < > " '` as numeric character references: safe in HTML text and quoted attributes. Without
 * a dependency, so that the main thread (the playground, the OpenAPI description) can use it
 * without loading Handlebars, whose escapeExpression (template/escaping.ts) templates' values get.
 */
export const escapeHtmlCharacters = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
