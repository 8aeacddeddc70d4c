import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * The GraphQL cost limits (docs/api.md#graphql-cost), as validation rules: a request over them is refused
 * before any resolver runs (HTTP 400). Written here rather than taken from graphql-armor: the
 * three limits are a few dozen lines over graphql-js's own AST, and the API fixes exactly how
 * they count (aliases and root fields through fragments, depth without introspection's own), which
 * a general-purpose plugin with its own defaults and error codes would only approximate.
 */

export interface CostLimits {
  maxAliases: number;
  maxRootFields: number;
  maxDepth: number;
}

/** Marks a validation error as QUERY_TOO_COMPLEX (format-error.ts reads it). */
export class QueryTooComplexError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
  }
}

/** Introspection's own fields: Apollo Sandbox's introspection query is deeper than any limit. */
const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

interface Counts {
  aliases: number;
  rootFields: number;
  depth: number;
}

/**
 * Counts one operation, following fragment spreads (each fragment at most once per path, so a
 * fragment cycle, which graphql-js reports itself, cannot loop here). Stops early once every
 * limit is already exceeded: the walk of a hostile document stays bounded by the limits.
 */
function countOperation(
  op: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  limits: CostLimits,
): Counts {
  const counts: Counts = { aliases: 0, rootFields: 0, depth: 0 };
  const over = () =>
    counts.aliases > limits.maxAliases && counts.rootFields > limits.maxRootFields && counts.depth > limits.maxDepth;
  // An explicit stack instead of recursion: a document nested thousands of levels deep must not
  // exhaust the call stack before it is refused.
  const stack: Array<{ set: SelectionSetNode; depth: number; root: boolean; seen: ReadonlySet<string> }> = [
    { set: op.selectionSet, depth: 1, root: true, seen: new Set() },
  ];
  let visited = 0;
  while (stack.length && !over() && visited++ < 100_000) {
    const { set, depth, root, seen } = stack.pop()!;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) counts.aliases++;
        if (root) counts.rootFields++;
        if (root && isIntrospectionField(sel.name.value)) continue;
        counts.depth = Math.max(counts.depth, depth);
        if (sel.selectionSet) stack.push({ set: sel.selectionSet, depth: depth + 1, root: false, seen });
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        stack.push({ set: sel.selectionSet, depth, root, seen });
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue;
        stack.push({ set: fragment.selectionSet, depth, root, seen: new Set([...seen, name]) });
      }
    }
  }
  return counts;
}

export function costLimitRule(limits: CostLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    return {
      OperationDefinition(op) {
        const c = countOperation(op, fragments, limits);
        if (c.aliases > limits.maxAliases) {
          context.reportError(
            new QueryTooComplexError(
              `The request has more than ${limits.maxAliases} aliased fields (GRAPHQL_MAX_ALIASES=${limits.maxAliases})`,
            ),
          );
        }
        if (c.rootFields > limits.maxRootFields) {
          context.reportError(
            new QueryTooComplexError(
              `The request has more than ${limits.maxRootFields} root fields (GRAPHQL_MAX_ROOT_FIELDS=${limits.maxRootFields})`,
            ),
          );
        }
        if (c.depth > limits.maxDepth) {
          context.reportError(
            new QueryTooComplexError(
              `The request is nested deeper than ${limits.maxDepth} levels (GRAPHQL_MAX_DEPTH=${limits.maxDepth})`,
            ),
          );
        }
        return false;
      },
    };
  };
}

/** Subscriptions are not served: refused at validation (400), not at execution (500). */
export const noSubscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(op) {
    if (op.operation === 'subscription') {
      context.reportError(new GraphQLError('Subscriptions are not supported by this server', { nodes: [op] }));
    }
    return false;
  },
});

/** Root fields of the operation a request runs (fragments followed), for the rate limit. */
export function rootFieldCount(op: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): number {
  let count = 0;
  const stack: Array<{ set: SelectionSetNode; seen: ReadonlySet<string> }> = [
    { set: op.selectionSet, seen: new Set() },
  ];
  while (stack.length) {
    const { set, seen } = stack.pop()!;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!sel.name.value.startsWith('__')) count++;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        stack.push({ set: sel.selectionSet, seen });
      } else {
        const fragment = fragments[sel.name.value];
        if (fragment && !seen.has(sel.name.value)) {
          stack.push({ set: fragment.selectionSet, seen: new Set([...seen, sel.name.value]) });
        }
      }
    }
  }
  return Math.max(1, count);
}
