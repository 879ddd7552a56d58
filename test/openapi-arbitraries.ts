// Owns turning the OpenAPI document's JSON schemas into fast-check arbitraries: values a client generated from the
// document could send (valid by the schema), and ways to break one (a missing required field, a wrong type).
import fc from 'fast-check';

type Json = Record<string, unknown>;

export class SchemaArbitraries {
  constructor(private readonly document: Json) {}

  resolve(schema: Json): Json {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    return this.resolve((((this.document.components as Json).schemas as Json)[name] ?? {}) as Json);
  }

  /** Values the schema accepts. Strings with a pattern or format come from the document's example when it has one. */
  valid(node: Json, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(node);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    // A schema with its own whole example (a request body with cross-field rules) is best shown by it.
    if (schema.example !== undefined && (schema.oneOf || schema.type === 'object' || schema.pattern))
      return fc.constant(schema.example);
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : [schema.type as string | undefined];
    const options = types.map((type) => this.ofType(type, schema, depth));
    return options.length === 1 ? options[0]! : fc.oneof(...options);
  }

  private ofType(type: string | undefined, schema: Json, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({
          min: (schema.minimum as number | undefined) ?? -1000,
          max: (schema.maximum as number | undefined) ?? 100_000,
        });
      case 'number':
        return fc.double({
          min: (schema.minimum as number | undefined) ?? 0,
          max: (schema.maximum as number | undefined) ?? 100_000,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'string':
        return this.string(schema);
      case 'array': {
        const items = this.valid((schema.items ?? {}) as Json, depth + 1);
        const constraints = {
          minLength: (schema.minItems as number | undefined) ?? 0,
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
        };
        return schema.uniqueItems
          ? fc.uniqueArray(items, { ...constraints, selector: (value) => JSON.stringify(value) })
          : fc.array(items, constraints);
      }
      default:
        return this.object(schema, depth);
    }
  }

  private string(schema: Json): fc.Arbitrary<unknown> {
    if (schema.example !== undefined && (schema.pattern || schema.format)) return fc.constant(schema.example);
    switch (schema.format) {
      case 'uuid':
        return fc.uuid({ version: 7 });
      case 'date-time':
        return fc
          .date({
            min: new Date('2025-01-01T00:00:00Z'),
            max: new Date('2027-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString());
      case 'date':
        return fc
          .date({
            min: new Date('1950-01-01T00:00:00Z'),
            max: new Date('2000-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString().slice(0, 10));
      default:
        break;
    }
    if (typeof schema.pattern === 'string') {
      try {
        return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((value) => {
          const max = schema.maxLength as number | undefined;
          return max === undefined || value.length <= max;
        });
      } catch {
        return fc.constant(schema.example ?? 'x');
      }
    }
    return fc.string({
      minLength: (schema.minLength as number | undefined) ?? 1,
      maxLength: Math.min((schema.maxLength as number | undefined) ?? 20, 20),
      unit: 'grapheme-ascii',
    });
  }

  private object(schema: Json, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    // Deep optional parts add little and cost requests: below the top level only what is required.
    const names = Object.keys(properties).filter((name) => depth === 0 || required.has(name));
    if (names.length === 0) return fc.constant({});
    return fc.record(
      Object.fromEntries(names.map((name) => [name, this.valid(properties[name]!, depth + 1)])),
      {
        requiredKeys: names.filter((name) => required.has(name)),
      },
    );
  }

  /** A value the schema refuses: a required property dropped, a property of the wrong type, or not an object. */
  invalid(node: Json): fc.Arbitrary<unknown> {
    const schema = this.resolve(node);
    const properties = Object.keys((schema.properties ?? {}) as Json);
    const required = (schema.required ?? []) as string[];
    const base = this.valid(schema) as fc.Arbitrary<Json>;
    const breakers: fc.Arbitrary<unknown>[] = [fc.constantFrom<unknown>([], 'text', 42)];
    if (required.length > 0)
      breakers.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([value, name]) => {
          const { [name]: _dropped, ...rest } = value;
          return rest;
        }),
      );
    const typed = properties.filter(
      (name) => !this.acceptsAnyScalar(((schema.properties as Json)[name] ?? {}) as Json),
    );
    if (typed.length > 0)
      breakers.push(
        fc
          .tuple(base, fc.constantFrom(...typed))
          .map(([value, name]) => ({ ...value, [name]: { unexpected: ['object'] } })),
      );
    return fc.oneof(...breakers);
  }

  private acceptsAnyScalar(node: Json): boolean {
    const schema = this.resolve(node);
    return Object.keys(schema).length === 0 || schema.type === 'object';
  }
}
