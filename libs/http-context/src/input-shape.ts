import type { Type } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

import { joinPath, type ValidationErrors } from '@portal/problem-details';

import { unknownNameMessage } from './nearest-name';
import { isPlainObject } from './plain-object';

/** Built-in types a property may be declared with: values, not objects with properties of their own. */
const VALUE_TYPES: ReadonlySet<unknown> = new Set([
  String,
  Number,
  Boolean,
  Object,
  Array,
  Date,
  Buffer,
  Symbol,
]);

/** Whether `value` is a DTO or response class (not a value type such as String or Object). */
export const isModelClass = (value: unknown): value is Type =>
  typeof value === 'function' && value.prototype !== undefined && !VALUE_TYPES.has(value);

/** A declared Swagger type as a class: `X`, `[X]` or `() => X`; undefined for anything else. */
function modelClassOf(type: unknown): Type | undefined {
  if (Array.isArray(type)) return modelClassOf(type[0]);
  // A lazy type (`type: () => X`) is an arrow function: it has no prototype, a class has one.
  if (typeof type === 'function' && type.prototype === undefined) {
    return modelClassOf((type as () => unknown)());
  }
  return isModelClass(type) ? type : undefined;
}

interface ClassModel {
  readonly names: readonly string[];
  readonly nested: ReadonlyMap<string, Type>;
}

const classModels = new WeakMap<Type, ClassModel>();

/**
 * A class's property names: those the OpenAPI document shows (Swagger metadata, inherited ones
 * included) and those the validation pipe keeps (class-validator metadata).
 */
export function modelPropertyNames(type: Type): Set<string> {
  const names = new Set<string>();
  for (const key of (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, type.prototype as object) ??
    []) as string[]) {
    names.add(key.replace(/^:/, ''));
  }
  for (const { propertyName } of getMetadataStorage().getTargetValidationMetadatas(type, '', true, false)) {
    names.add(propertyName);
  }
  return names;
}

/**
 * A class's properties: those the OpenAPI document shows (Swagger metadata, inherited ones
 * included) and those the validation pipe keeps (class-validator metadata); with the class of
 * each property that holds an object or an array of objects.
 */
function classModelOf(type: Type): ClassModel {
  let model = classModels.get(type);
  if (model) return model;
  const prototype = type.prototype as object;
  const names = modelPropertyNames(type);
  const nested = new Map<string, Type>();
  for (const name of names) {
    const options = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, name) as
      { type?: unknown } | undefined;
    const nestedType = modelClassOf(options?.type);
    if (nestedType) nested.set(name, nestedType);
  }
  model = { names: [...names], nested };
  classModels.set(type, model);
  return model;
}

/**
 * The properties a body may hold at one level: the write DTO's, and the response's, which a client
 * may send back as it read them (contract 4: accepted and ignored). A property with a class of its
 * own on either side is an object (or array of objects) with a shape of its own; any other property
 * (text, numbers, free-form JSON such as render's `data`) is not looked into.
 */
export class InputShape {
  private static readonly cache = new Map<string, InputShape>();
  private static readonly ids = new WeakMap<Type, number>();
  private static nextId = 0;
  private readonly children = new Map<string, InputShape | null>();
  readonly names: readonly string[];
  readonly known: ReadonlySet<string>;

  private constructor(private readonly models: readonly ClassModel[]) {
    this.known = new Set(models.flatMap((model) => model.names));
    this.names = [...this.known];
  }

  /** The shape of the write DTO `types[0]` with the responses `types[1..]`; one per combination. */
  static of(types: readonly Type[]): InputShape {
    const key = types.map((type) => InputShape.idOf(type)).join(',');
    let shape = InputShape.cache.get(key);
    if (!shape) {
      shape = new InputShape(types.map(classModelOf));
      InputShape.cache.set(key, shape);
    }
    return shape;
  }

  private static idOf(type: Type): number {
    let id = InputShape.ids.get(type);
    if (id === undefined) {
      id = InputShape.nextId++;
      InputShape.ids.set(type, id);
    }
    return id;
  }

  /** The shape of the object (or of each item of the array) property `name` holds, if it has one. */
  child(name: string): InputShape | undefined {
    let child = this.children.get(name);
    if (child === undefined) {
      const types = this.models.flatMap((model) => model.nested.get(name) ?? []);
      child = types.length > 0 ? InputShape.of(types) : null;
      this.children.set(name, child);
    }
    return child ?? undefined;
  }
}

interface Pending {
  readonly value: Record<string, unknown>;
  readonly shape: InputShape;
  readonly path: string;
}

/**
 * The properties of `body` its shape does not know, at any depth, keyed by their JSON path
 * (`person.account.usernme`, `signatories[0].emial`), each naming the nearest known name; at most
 * `max`. One visit per object the shape describes and one set look-up per property; the nearest
 * name is looked for only for the unknown ones. Names `skip` refuses (ones the validation pipe
 * reports itself, such as names that cannot be stored) are left to it.
 */
export function unknownProperties(
  body: unknown,
  shape: InputShape,
  max: number,
  skip: (name: string) => boolean = () => false,
): ValidationErrors {
  const errors: ValidationErrors = {};
  let count = 0;
  if (!isPlainObject(body)) return errors;
  const pending: Pending[] = [{ value: body, shape, path: '' }];
  // A queue read by index: the errors come in the order of the body.
  for (let next = 0; next < pending.length && count < max; next += 1) {
    const { value, shape: at, path } = pending[next];
    for (const name of Object.keys(value)) {
      if (!at.known.has(name)) {
        if (skip(name)) continue;
        errors[joinPath(path, name)] = [unknownNameMessage(name, at.names, 'property')];
        count += 1;
        if (count >= max) break;
        continue;
      }
      const child = at.child(name);
      const item = value[name];
      if (!child) continue;
      const itemPath = joinPath(path, name);
      if (isPlainObject(item)) pending.push({ value: item, shape: child, path: itemPath });
      else if (Array.isArray(item)) {
        item.forEach((element, index) => {
          if (isPlainObject(element)) {
            pending.push({ value: element, shape: child, path: joinPath(itemPath, String(index)) });
          }
        });
      }
    }
  }
  return errors;
}
