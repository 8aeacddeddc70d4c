/**
 * The fields a GraphQL input object was given, as a plain object. Input objects arrive as class
 * instances with every declared field (undefined where omitted); the services read them with the
 * same field readers as REST bodies, where an absent field means "unchanged".
 */
export function givenFields(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}
