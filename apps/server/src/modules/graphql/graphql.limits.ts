/**
 * Static checks of a parsed GraphQL document: query depth (through fragments), which root fields
 * an operation selects (to answer `Missing Vxql-Token` before running anything) and string
 * literals with control characters (decision 0025).
 */
import {
  type ForbiddenText,
  findForbiddenText,
  forbiddenCharacterOf,
  forbiddenTextMessage,
  INVALID_CHARACTERS,
} from '@vela/contracts/strings';
import {
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  getLocation,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type StringValueNode,
  visit,
} from 'graphql';

export const MAX_QUERY_DEPTH = 8;
/** graphql-js parser limit: a small query never needs more tokens than this. */
export const MAX_QUERY_TOKENS = 1000;

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return fragments;
}

/** The operation that runs: the named one, or the only one. Null when that is ambiguous or missing. */
export function operationOf(
  document: DocumentNode,
  operationName: string | undefined,
): OperationDefinitionNode | null {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName !== undefined)
    return operations.find((operation) => operation.name?.value === operationName) ?? null;
  return operations.length === 1 ? (operations[0] ?? null) : null;
}

/** Depth of the deepest field path (a root field is depth 1). Fragment cycles count as infinite. */
export function depthOf(document: DocumentNode): number {
  const fragments = fragmentsOf(document);
  const walk = (selectionSet: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
    if (!selectionSet) return depth;
    let deepest = depth;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        deepest = Math.max(deepest, walk(selection.selectionSet, depth + 1, seen));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, walk(selection.selectionSet, depth, seen));
      } else {
        const name = selection.name.value;
        if (seen.has(name)) return Number.POSITIVE_INFINITY;
        const fragment = fragments.get(name);
        if (fragment)
          deepest = Math.max(deepest, walk(fragment.selectionSet, depth, new Set([...seen, name])));
      }
    }
    return deepest;
  };
  let deepest = 0;
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION)
      deepest = Math.max(deepest, walk(definition.selectionSet, 0, new Set()));
  return deepest;
}

export function depthErrors(document: DocumentNode, max = MAX_QUERY_DEPTH): GraphQLError[] {
  const depth = depthOf(document);
  if (depth <= max) return [];
  return [
    new GraphQLError(`The query is nested too deeply (more than ${max} levels)`, {
      extensions: { code: 'QUERY_TOO_DEEP' },
    }),
  ];
}

/** The root field names an operation selects, through fragments and inline fragments. */
export function rootFieldsOf(document: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const fragments = fragmentsOf(document);
  const fields = new Set<string>();
  const collect = (selectionSet: SelectionSetNode, seen: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) fields.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet, new Set([...seen, selection.name.value]));
      }
    }
  };
  collect(operation.selectionSet, new Set());
  return fields;
}

/**
 * A string literal of the document (`"\u0000"` escapes decode to the character) or a variable value
 * with a control character: the error to answer with 400, or none. The raw text of the request was
 * already checked by the HTTP input guard; escapes only show once the document is parsed.
 */
export function forbiddenTextErrors(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): GraphQLError[] {
  const error = (found: ForbiddenText, nodes?: StringValueNode) =>
    new GraphQLError(forbiddenTextMessage(found), {
      ...(nodes ? { nodes } : {}),
      extensions: { code: INVALID_CHARACTERS },
    });
  const inVariables = findForbiddenText(variables, 'variables');
  if (inVariables) return [error(inVariables)];
  let inDocument: GraphQLError | undefined;
  visit(document, {
    StringValue(literal) {
      const character = forbiddenCharacterOf(literal.value);
      if (!character) return undefined;
      const where = literal.loc ? getLocation(literal.loc.source, literal.loc.start) : null;
      const path = where ? `the string at line ${where.line}, column ${where.column}` : 'a string';
      inDocument = error({ path, character }, literal);
      return BREAK;
    },
  });
  return inDocument ? [inDocument] : [];
}
