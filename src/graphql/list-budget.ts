import {
  defaultFieldResolver,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { AppError } from '../errors';

/** Fields whose text counts against the byte budget: the large, caller-controlled payloads */
const TEXT_FIELDS = new Set(['body', 'bodyBase64', 'payloadJson']);

/**
 * One budget per GraphQL request across every list field and alias: at most
 * `maxItems` list items (objects in lists) and `maxTextBytes` bytes of `body`/`payloadJson` text in one response.
 * The field whose result crosses it resolves to a QUERY_TOO_COMPLEX error (and so does every list
 * or text field after it); what was already resolved stays in the response.
 */
export class ListBudget {
  private items = 0;
  private textBytes = 0;
  /** Text charged before it was loaded, per object whose text fields will draw on it. */
  private readonly prepaid = new WeakMap<object, number>();

  constructor(
    readonly maxItems: number,
    readonly maxTextBytes: number,
  ) {}

  chargeItems(n: number): void {
    this.items += n;
    if (this.items > this.maxItems) {
      throw new AppError(
        'QUERY_TOO_COMPLEX',
        `The response would hold more than ${this.maxItems} list items (GRAPHQL_MAX_LIST_ITEMS); ask for smaller pages`,
      );
    }
  }

  /** `owner`: the object whose field the text is; what was prepaid for it is used first. */
  chargeText(text: string, owner?: unknown): void {
    let bytes = Buffer.byteLength(text, 'utf8');
    const paid = typeof owner === 'object' && owner !== null ? this.prepaid.get(owner) : undefined;
    if (paid !== undefined) {
      const used = Math.min(paid, bytes);
      bytes -= used;
      if (paid > used) this.prepaid.set(owner as object, paid - used);
      else this.prepaid.delete(owner as object);
    }
    this.addText(bytes);
  }

  /** Bytes of text the response may still hold. */
  textRoom(): number {
    return Math.max(0, this.maxTextBytes - this.textBytes);
  }

  /**
   * Charges text before it is loaded (a page of trigger event bodies): fields resolved side by
   * side (aliases) then cannot each load a whole budget before any of them is counted.
   */
  prepayText(bytes: number): void {
    this.addText(bytes);
  }

  /** `bytes` of `owner`'s text were prepaid: its text fields draw on them before being charged. */
  notePrepaid(owner: object, bytes: number): void {
    if (bytes > 0) this.prepaid.set(owner, bytes);
  }

  private addText(bytes: number): void {
    this.textBytes += bytes;
    if (this.textBytes > this.maxTextBytes) {
      throw new AppError(
        'QUERY_TOO_COMPLEX',
        `The response would hold more than ${this.maxTextBytes} bytes of body/payloadJson text (GRAPHQL_MAX_TEXT_BYTES); ask for smaller pages`,
      );
    }
  }
}

interface WithBudget {
  listBudget?: ListBudget;
}

function charged(kind: 'list' | 'text', value: unknown, ctx: WithBudget, source: unknown): unknown {
  const budget = ctx?.listBudget;
  if (!budget) return value;
  if (kind === 'list' && Array.isArray(value)) budget.chargeItems(value.length);
  else if (kind === 'text' && typeof value === 'string') budget.chargeText(value, source);
  return value;
}

/**
 * Items are objects in lists (records, events, configurations, attempts). Lists of scalars and
 * enums (a configuration's `events`, an analytics result's `columns` and `rows`, bounded by the
 * query's own `limit`) are not counted.
 */
function isObjectList(type: GraphQLOutputType): boolean {
  const nullable = getNullableType(type);
  return isListType(nullable) && isObjectType(getNamedType(nullable));
}

/**
 * Wraps the resolvers of every list-of-objects field and every `body`/`payloadJson` field of the schema's
 * own types so their results are charged to the request's ListBudget (GraphQLContext.listBudget).
 * Introspection types are left alone.
 */
export function applyListBudget(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const kind = isObjectList(field.type) ? 'list' : TEXT_FIELDS.has(field.name) ? 'text' : undefined;
      if (!kind) continue;
      const resolve: GraphQLFieldResolver<unknown, WithBudget> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, ctx, info) => {
        const out = resolve(source, args, ctx, info);
        return out instanceof Promise
          ? out.then((v) => charged(kind, v, ctx, source))
          : charged(kind, out, ctx, source);
      };
    }
  }
  return schema;
}
