/**
 * What a service's responses look like, by entity key: their plain properties and their nested
 * entities (property name -> entity key of the nested object or array). Projection follows it.
 */
export interface EntityShape {
  readonly properties: readonly string[];
  readonly relations?: Readonly<Record<string, string>>;
}

export type EntitySchemas = Readonly<Record<string, EntityShape>>;
