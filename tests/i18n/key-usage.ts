// Over 300 lines because finding the keys the code uses goes through the TypeScript type checker (keys built from
// unions, templates and namespaces), which needs one walker with its own resolution of each call form.
import { relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds the translation keys the code uses, with the TypeScript type checker, so that keys that are not written
 * out as one literal are still found:
 * - `t(key)` of a `TFunction` (from useTranslation, i18n.t, a TFunction parameter): the namespace and key prefix
 *   come from the TFunction's type arguments, `{ ns }` in the options and an `ns:` prefix in the key; the key from
 *   the argument's type, so a literal, a union of literals (`t(\`gender.${id}\`)` with `id: 'F' | 'M'`, a ternary,
 *   an `as const` map lookup) or a template with an open part (`ERROR_SAVING_NEW_${string}`, read as a pattern)
 *   all resolve. An array of keys is a fallback list: each counts.
 * - `<Trans i18nKey="…" ns="…">`.
 * - Keys kept as data: a string literal shaped like a spec §8 key (VALID_…, ERROR_…, TEXT_…) anywhere in the
 *   client or the server (the server sends them as field messages of a 400), and whatever is given to a property,
 *   JSX attribute or parameter named like a key holder (labelKey, messageKey, keyPath, …). These name no
 *   namespace: they must exist in one.
 * A `t()` argument whose type is plain `string` (a message carried by a form error, say) cannot be resolved; it is
 * listed as unresolved, and the keys behind it must be reachable another way or the unused-key check says so.
 */

export type KeyMatcher = { kind: 'exact'; key: string } | { kind: 'pattern'; pattern: RegExp; source: string };

export interface KeyReference {
  /** Namespaces i18next looks in, in order; empty means "any namespace" (keys kept as data). */
  namespaces: string[];
  matcher: KeyMatcher;
  where: string;
}

export interface KeyUsage {
  references: KeyReference[];
  unresolved: { where: string; text: string }[];
}

export interface UsageOptions {
  /** Client sources, type-checked together (tests excluded by the caller). */
  typedFiles: string[];
  /** Further sources read only for key-shaped literals (the server). */
  literalFiles: string[];
  compilerOptions: ts.CompilerOptions;
  defaultNamespace: string;
  root: string;
}

/** Spec §8 keys: the client and the server pass them around as data. */
export const dataKeyShape = /^(VALID|ERROR|TEXT)_[A-Z0-9_]*[A-Z0-9]$/;
/** Names of properties, attributes and parameters whose string is a translation key. */
export const keyHolderName = /^(i18nKey|keyPath|(label|message|title|text|description|hint|notice|heading)Key)$/;

const nsSeparator = ':';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The strings a type stands for: literals, unions of them, template literal types as patterns; null if open. */
function stringsOfType(type: ts.Type, checker: ts.TypeChecker, depth = 0): KeyMatcher[] | null {
  if (depth > 8) return null;
  if (type.isUnion()) {
    const all: KeyMatcher[] = [];
    for (const part of type.types) {
      // undefined/null in a union (an optional key) adds no key.
      if (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
      const strings = stringsOfType(part, checker, depth + 1);
      if (!strings) return null;
      all.push(...strings);
    }
    return all;
  }
  if (type.isStringLiteral()) return [{ kind: 'exact', key: type.value }];
  if (type.flags & ts.TypeFlags.TemplateLiteral) {
    const template = type as ts.TemplateLiteralType;
    let source = escapeRegExp(template.texts[0] ?? '');
    for (const [index, part] of template.types.entries()) {
      const options = stringsOfType(part, checker, depth + 1);
      const alternatives = options?.map((option) =>
        option.kind === 'exact' ? escapeRegExp(option.key) : option.source,
      );
      source += alternatives ? `(?:${alternatives.join('|')})` : '.+';
      source += escapeRegExp(template.texts[index + 1] ?? '');
    }
    return [{ kind: 'pattern', pattern: new RegExp(`^${source}$`), source }];
  }
  if (type.flags & ts.TypeFlags.StringMapping) {
    // Uppercase<string> and the like: an open part.
    return null;
  }
  return null;
}

/** Literal strings of a type (a namespace argument: 'about', ['password', 'common'], readonly tuples). */
function literalStrings(type: ts.Type, checker: ts.TypeChecker): string[] | null {
  if (type.isStringLiteral()) return [type.value];
  if (checker.isTupleType(type) || checker.isArrayType(type)) {
    const parts = checker.getTypeArguments(type as ts.TypeReference);
    const out: string[] = [];
    for (const part of parts) {
      const strings = literalStrings(part, checker);
      if (!strings) return null;
      out.push(...strings);
    }
    return out;
  }
  if (type.isUnion()) {
    const out: string[] = [];
    for (const part of type.types) {
      if (part.flags & ts.TypeFlags.Undefined) continue;
      const strings = literalStrings(part, checker);
      if (!strings) return null;
      out.push(...strings);
    }
    return out;
  }
  return null;
}

/** A TFunction's namespaces and key prefix, from its type arguments. */
function tFunctionScope(
  type: ts.Type,
  checker: ts.TypeChecker,
): { namespaces: string[] | null; keyPrefix: string | null } | null {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol?.getName() !== 'TFunction') return null;
  const args = type.aliasTypeArguments ?? checker.getTypeArguments(type as ts.TypeReference);
  const [nsType, prefixType] = args;
  const namespaces = nsType ? literalStrings(nsType, checker) : null;
  const prefix = prefixType?.isStringLiteral() ? prefixType.value : null;
  return { namespaces, keyPrefix: prefix };
}

function where(node: ts.Node, root: string): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${relative(root, file.fileName)}:${String(line + 1)}`;
}

/** `{ ns: … }` in a t() options object, when it is written out. */
function namespacesFromOptions(options: ts.Expression | undefined, checker: ts.TypeChecker): string[] | null {
  if (!options || !ts.isObjectLiteralExpression(options)) return null;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'ns') {
      return literalStrings(checker.getTypeAtLocation(property.initializer), checker);
    }
  }
  return null;
}

function withScope(
  matcher: KeyMatcher,
  namespaces: string[],
  keyPrefix: string | null,
): { namespaces: string[]; matcher: KeyMatcher } {
  // An explicit 'ns:key' wins over the function's namespaces.
  if (matcher.kind === 'exact') {
    const at = matcher.key.indexOf(nsSeparator);
    if (at > 0)
      return { namespaces: [matcher.key.slice(0, at)], matcher: { kind: 'exact', key: matcher.key.slice(at + 1) } };
    return { namespaces, matcher: { kind: 'exact', key: keyPrefix ? `${keyPrefix}.${matcher.key}` : matcher.key } };
  }
  const nsMatch = /^([a-z][a-z-]*):(.*)$/.exec(matcher.source);
  if (nsMatch?.[1] && nsMatch[2] !== undefined) {
    return {
      namespaces: [nsMatch[1]],
      matcher: { kind: 'pattern', pattern: new RegExp(`^${nsMatch[2]}$`), source: nsMatch[2] },
    };
  }
  const source = keyPrefix ? `${escapeRegExp(keyPrefix)}\\.${matcher.source}` : matcher.source;
  return { namespaces, matcher: { kind: 'pattern', pattern: new RegExp(`^${source}$`), source } };
}

/** A pattern open from its first character (`${string}`, `common:${key}`) says nothing about which key it is. */
function isOpenPattern(matcher: KeyMatcher): boolean {
  return matcher.kind === 'pattern' && matcher.source.startsWith('.+');
}

export function extractKeyUsage(options: UsageOptions): KeyUsage {
  const usage: KeyUsage = { references: [], unresolved: [] };
  const program = ts.createProgram(options.typedFiles, { ...options.compilerOptions, noEmit: true });
  const checker = program.getTypeChecker();
  const typed = new Set(options.typedFiles.map((file) => file.replace(/\\/g, '/')));

  const addDataKey = (literal: string, node: ts.Node) => {
    usage.references.push({
      namespaces: [],
      matcher: { kind: 'exact', key: literal },
      where: where(node, options.root),
    });
  };

  /**
   * A literal is its own value and a template is read part by part (outside a call both are typed plain
   * `string`, e.g. in a JSX attribute); anything else goes by its type.
   */
  const stringsOf = (expression: ts.Expression): KeyMatcher[] | null => {
    if (ts.isParenthesizedExpression(expression)) return stringsOf(expression.expression);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      return [{ kind: 'exact', key: expression.text }];
    }
    if (ts.isConditionalExpression(expression)) {
      const whenTrue = stringsOf(expression.whenTrue);
      const whenFalse = stringsOf(expression.whenFalse);
      return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
    }
    if (ts.isTemplateExpression(expression)) {
      let exacts: string[] | null = [expression.head.text];
      let source = escapeRegExp(expression.head.text);
      for (const span of expression.templateSpans) {
        const parts = stringsOf(span.expression);
        const tail = span.literal.text;
        if (parts?.every((part) => part.kind === 'exact') && exacts && exacts.length * parts.length <= 200) {
          exacts = exacts.flatMap((prefix) => parts.map((part) => `${prefix}${part.key}${tail}`));
        } else {
          exacts = null;
        }
        const alternatives = parts?.map((part) => (part.kind === 'exact' ? escapeRegExp(part.key) : part.source));
        source += `${alternatives ? `(?:${alternatives.join('|')})` : '.+'}${escapeRegExp(tail)}`;
      }
      return exacts
        ? exacts.map((key) => ({ kind: 'exact', key }))
        : [{ kind: 'pattern', pattern: new RegExp(`^${source}$`), source }];
    }
    return stringsOfType(checker.getTypeAtLocation(expression), checker);
  };

  /** A key given as data to a key holder: resolved by type, any namespace. */
  const addHeldKey = (expression: ts.Expression) => {
    const matchers = stringsOf(expression);
    if (!matchers) {
      usage.unresolved.push({ where: where(expression, options.root), text: expression.getText() });
      return;
    }
    for (const matcher of matchers) {
      const scoped = withScope(matcher, [], null);
      if (isOpenPattern(scoped.matcher)) continue;
      usage.references.push({ ...scoped, where: where(expression, options.root) });
    }
  };

  const addKeyArgument = (argument: ts.Expression, namespaces: string[], keyPrefix: string | null) => {
    const elements = ts.isArrayLiteralExpression(argument) ? argument.elements : [argument];
    for (const element of elements) {
      const matchers = stringsOf(element);
      if (!matchers) {
        usage.unresolved.push({ where: where(element, options.root), text: element.getText() });
        continue;
      }
      for (const matcher of matchers) {
        const scoped = withScope(matcher, namespaces, keyPrefix);
        if (isOpenPattern(scoped.matcher)) {
          usage.unresolved.push({ where: where(element, options.root), text: element.getText() });
          continue;
        }
        usage.references.push({ ...scoped, where: where(element, options.root) });
      }
    }
  };

  const visitTyped = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first, second] = node.arguments;
      // Any function typed TFunction counts, whatever its local name (`const { t: tCommon } = …`).
      const scope = name && first ? tFunctionScope(checker.getTypeAtLocation(callee), checker) : null;
      if (scope && first) {
        const namespaces = namespacesFromOptions(second, checker) ?? scope.namespaces ?? [options.defaultNamespace];
        addKeyArgument(first, namespaces, scope.keyPrefix);
      }
      // Arguments given to parameters named like key holders (paragraphsOf(t, keyPath)).
      const signature = checker.getResolvedSignature(node);
      signature?.getParameters().forEach((parameter, index) => {
        const argument = node.arguments[index];
        if (argument && !scope && keyHolderName.test(parameter.getName())) addHeldKey(argument);
      });
    }
    if (
      ts.isJsxAttribute(node) &&
      ts.isIdentifier(node.name) &&
      keyHolderName.test(node.name.text) &&
      node.initializer
    ) {
      const element = node.parent.parent;
      const tag =
        ts.isJsxOpeningElement(element) || ts.isJsxSelfClosingElement(element) ? element.tagName.getText() : '';
      const expression = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer)
          ? node.initializer.expression
          : undefined;
      if (expression) {
        if (tag === 'Trans') {
          const nsAttribute = node.parent.properties.find(
            (attribute): attribute is ts.JsxAttribute =>
              ts.isJsxAttribute(attribute) && attribute.name.getText() === 'ns',
          );
          const nsInit = nsAttribute?.initializer;
          const nsExpression =
            nsInit &&
            (ts.isStringLiteral(nsInit) ? nsInit : ts.isJsxExpression(nsInit) ? nsInit.expression : undefined);
          const namespaces = (nsExpression &&
            (ts.isStringLiteral(nsExpression)
              ? [nsExpression.text]
              : literalStrings(checker.getTypeAtLocation(nsExpression), checker))) ?? [options.defaultNamespace];
          addKeyArgument(expression, namespaces, null);
        } else {
          addHeldKey(expression);
        }
      }
    }
    if (ts.isPropertyAssignment(node) && keyHolderName.test(node.name.getText().replace(/['"]/g, ''))) {
      addHeldKey(node.initializer);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && dataKeyShape.test(node.text)) {
      addDataKey(node.text, node);
    }
    ts.forEachChild(node, visitTyped);
  };

  for (const file of program.getSourceFiles()) {
    if (!typed.has(file.fileName)) continue;
    visitTyped(file);
  }

  // The server only passes keys as data: a plain parse is enough.
  for (const fileName of options.literalFiles) {
    const text = ts.sys.readFile(fileName) ?? '';
    const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && dataKeyShape.test(node.text)) {
        addDataKey(node.text, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return usage;
}
