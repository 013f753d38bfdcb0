/** A response header as the OpenAPI document describes it: what it says, and that it is an integer. */
export const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

/** A response header as the OpenAPI document describes it: what it says, and that it is text. */
export const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });
